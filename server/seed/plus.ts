import type { Db } from '../db/client';
import { plusAssets, plusDeviceShows, plusDevices, plusHistory, plusSchedules, plusTemplates, type PlusShow } from '../db/schema/index';
import { Rng, minutesAgo } from './random';
import { insertRows } from './insert';
import { seedPlusV1 } from './plus-v1';
import { demoFile, type DemoFile, type SeedFile } from './media';
import { plusFileKey } from '../lib/plus-file-key';

/** Screen sizes per model, and the template size name of those sizes (plus-signage §5). */
const MODELS: { model: string; width: number; height: number; size: string; maxVolume: number }[] = [
  { model: 'IP231A', width: 1920, height: 158, size: '23.1', maxVolume: 15 },
  { model: 'IP354A', width: 2880, height: 158, size: '35.4', maxVolume: 15 },
  { model: 'IP291TA', width: 1920, height: 540, size: '29', maxVolume: 15 },
  { model: 'IP439A', width: 1920, height: 1080, size: '1920x1080', maxVolume: 30 },
  { model: 'IPMINI', width: 1920, height: 720, size: '1920x720', maxVolume: 15 },
  { model: 'IPSTBOXA', width: 3840, height: 2160, size: '3840x2160', maxVolume: 100 },
  { model: 'IP231TB', width: 1920, height: 158, size: '23.1', maxVolume: 15 },
  { model: 'IP231A', width: 1920, height: 158, size: '23.1', maxVolume: 15 },
];
const PLACES = ['Entrance', 'Aisle 2 shelf', 'Aisle 3 shelf', 'Dairy endcap', 'Checkout', 'Fresh corner', 'Bakery', 'Wine wall'];
const byte = (n: number) => (n & 0xff).toString(16).padStart(2, '0');

export interface PlusStore {
  storeCode: string;
  companyCode: string;
  index: number;
  timeZone: string;
  prCodes: string[];
}

type Asset = { id: number; type: 'image' | 'video' | 'widget'; width: number | null; height: number | null };

function shows(assets: Asset[], scheduleIds: number[], width: number, height: number, withProduct: boolean): PlusShow[] {
  const image = assets.filter((a) => a.type === 'image');
  const video = assets.find((a) => a.type === 'video');
  const widget = assets.find((a) => a.type === 'widget');
  const list: PlusShow[] = [];
  // Product show first (index 0): the editor locks it in place.
  if (withProduct) {
    list.push({
      duration: 30,
      bgColor: '#000000',
      schedule: [],
      object: [{ type: 'product', id: 0, left: 0, top: 0, width: height * 2, height, autoSize: true, index: 0 }],
    });
  }
  list.push({
    duration: 20,
    bgColor: '#ffffff',
    schedule: scheduleIds.slice(0, 1),
    object: [
      { type: 'image', id: String(image[0].id), left: 0, top: 0, width: Math.round(width / 2), height },
      { type: 'image', id: String(image[1].id), left: Math.round(width / 2), top: 0, width: Math.round(width / 2), height },
    ],
  });
  if (video)
    list.push({
      duration: 45,
      bgColor: '#000000',
      schedule: [],
      object: [{ type: 'video', id: String(video.id), left: 0, top: 0, width, height }],
    });
  if (widget) {
    list.push({
      duration: 15,
      bgColor: '#102030',
      schedule: scheduleIds.slice(1),
      object: [
        { type: 'widget', id: String(widget.id), left: 0, top: 0, width: Math.round(width * 0.7), height },
        {
          type: 'webpage',
          id: 'https://shelfpad.test/promo',
          left: Math.round(width * 0.7),
          top: 0,
          width: Math.round(width * 0.3),
          height,
        },
      ],
    });
  }
  return list;
}

/**
 * The Plus stores' devices, media, schedules and templates, then the v1 screens'. Answers the media files its rows
 * name, for the caller to copy into the data folder once the rows are stored.
 */
export async function seedPlus(
  db: Db,
  seed: number,
  now: Date,
  stores: PlusStore[],
  perStore: number,
  media: Map<string, DemoFile>,
): Promise<SeedFile[]> {
  const files: SeedFile[] = [];
  const rng = Rng.of(seed, 'plus');
  const devices: (typeof plusDevices.$inferInsert)[] = [];
  const deviceShows: (typeof plusDeviceShows.$inferInsert)[] = [];
  const templates: (typeof plusTemplates.$inferInsert)[] = [];
  const history: (typeof plusHistory.$inferInsert)[] = [];
  for (const store of stores) {
    // Images and videos have files (copied by the caller into the file store, as an upload's); widgets are rows only.
    const withFile = (slug: string) => {
      const made = demoFile(media, slug);
      const base = plusFileKey(store.storeCode, made.kind, `demo-${slug}`);
      const path = `${base}.${made.ext}`;
      const thumbPath = `${base}.thumb.jpg`;
      files.push({ key: path, from: made.file }, { key: thumbPath, from: made.thumb });
      return { type: made.kind, name: `${slug}.${made.ext}`, width: made.width, height: made.height, size: made.size, path, thumbPath };
    };
    const assetRows: (typeof plusAssets.$inferInsert)[] = [
      ...['spring-sale', 'fresh-fruit', 'bakery-morning', 'wine-pairing', 'loyalty-card', 'store-map'].map(withFile),
      ...['brand-story', 'cooking-tips', 'weekly-offers'].map(withFile),
      ...['clock', 'weather'].map((name) => ({
        type: 'widget' as const,
        name: `${name}.zip`,
        width: null,
        height: null,
        size: rng.int(20, 200) * 1024,
        path: `plus/${store.storeCode}/widget/${name}.zip`,
      })),
    ].map((a, i) => ({ ...a, storeCode: store.storeCode, updatedAt: minutesAgo(now, (i + 1) * 700) }));
    const assets = await db
      .insert(plusAssets)
      .values(assetRows)
      .returning({ id: plusAssets.id, type: plusAssets.type, width: plusAssets.width, height: plusAssets.height });
    const year = now.getUTCFullYear();
    const scheduleRows = await db
      .insert(plusSchedules)
      .values([
        {
          storeCode: store.storeCode,
          name: 'Opening hours',
          period: { start: `${year}-01-01`, end: `${year}-12-31` },
          days: [1, 2, 3, 4, 5, 6],
          time: [{ start: '08:00', end: '22:00' }],
          updatedAt: minutesAgo(now, 9000),
        },
        {
          storeCode: store.storeCode,
          name: 'Weekend brunch',
          period: { start: `${year}-03-01`, end: `${year}-10-31` },
          days: [0, 6],
          time: [
            { start: '09:00', end: '12:00' },
            { start: '15:00', end: '17:30' },
          ],
          updatedAt: minutesAgo(now, 5000),
        },
      ])
      .returning({ id: plusSchedules.id });
    const scheduleIds = scheduleRows.map((s) => s.id);
    const templateDefs = [
      { name: 'Weekly promo', size: '23.1', width: 1920, height: 158 },
      { name: 'Fresh corner', size: '29', width: 1920, height: 540 },
    ];
    for (const t of templateDefs) {
      templates.push({
        storeCode: store.storeCode,
        name: t.name,
        size: t.size,
        show: shows(assets, scheduleIds, t.width, t.height, true),
        fixed: null,
        updatedAt: minutesAgo(now, 4000),
      });
    }

    for (let n = 0; n < perStore; n++) {
      const m = MODELS[n % MODELS.length];
      const mac = ['02', '5a', byte(store.index >> 8), byte(store.index), byte(n >> 8), byte(n)].join(':');
      const online = n !== perStore - 1 && !(n === 3 && store.index % 2 === 0);
      const template = templateDefs.find((t) => t.size === m.size && n < 3)?.name ?? null;
      const product = store.prCodes.slice(n * 3, n * 3 + rng.int(1, 3));
      devices.push({
        mac,
        storeCode: store.storeCode,
        name: `${PLACES[n % PLACES.length]} ${n + 1}`,
        model: m.model,
        ver: rng.pick(['1.4.2', '1.4.3']),
        player: rng.pick(['3.2.0', '3.1.8']),
        launcher: rng.pick(['2.1.5', '2.0.9']),
        template,
        status: online ? 'ONLINE' : 'OFFLINE',
        recvTime: online ? minutesAgo(now, rng.float(0.1, 2)) : minutesAgo(now, rng.int(180, 3000)),
        showIdx: n === 1 ? 1 : null,
        tz: store.timeZone,
        volume: rng.int(0, m.maxVolume),
        maxVolume: m.maxVolume,
        brightness: rng.int(160, 255),
        localNtpServer: n % 4 === 0,
        networks: [
          { ssid: `${store.storeCode}-STAFF`, rssi: -rng.int(38, 60) },
          { ssid: `${store.storeCode}-GUEST`, rssi: -rng.int(55, 80) },
          { ssid: 'NEIGHBOUR-5G', rssi: -rng.int(75, 92) },
        ],
        product,
        createdAt: minutesAgo(now, 40 * 1440),
      });
      const tpl = templates.find((t) => t.storeCode === store.storeCode && t.name === template);
      deviceShows.push({
        mac,
        screenWidth: m.width,
        screenHeight: m.height,
        productShowIdx: product.length ? 0 : null,
        show: tpl?.show ?? shows(assets, scheduleIds, m.width, m.height, product.length > 0),
        updatedAt: minutesAgo(now, 3000),
      });
      if (n < 2) {
        history.push({
          company: store.companyCode,
          store: store.storeCode,
          category: 'device',
          operation: 'Assign',
          method: 'POST',
          path: '/plus/assign',
          items: [{ mac, product }],
          email: 'operator@shelfpad.test',
          updatedAt: minutesAgo(now, 600 + n * 60),
        });
      }
    }
    history.push({
      company: store.companyCode,
      store: store.storeCode,
      category: 'image',
      operation: 'Upload',
      method: 'POST',
      path: `/plus/store/${store.storeCode}/other/file`,
      items: [assetRows[0].name],
      email: 'acme-admin@shelfpad.test',
      updatedAt: minutesAgo(now, 2000),
    });
    history.push({
      company: store.companyCode,
      store: store.storeCode,
      category: 'template',
      operation: 'Delete',
      method: 'DELETE',
      path: `/plus/store/${store.storeCode}/template`,
      items: ['Old layout'],
      email: 'admin@shelfpad.test',
      updatedAt: minutesAgo(now, 2500),
    });
  }
  await insertRows(db, plusTemplates, templates);
  await insertRows(db, plusDevices, devices);
  await insertRows(db, plusDeviceShows, deviceShows);
  await insertRows(db, plusHistory, history);
  files.push(...(await seedPlusV1(db, seed, now, stores, media)));
  return files;
}
