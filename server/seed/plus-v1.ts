import type { Db } from '../db/client';
import { v1ContentGroups, v1Contents, v1Devices, v1Sets, v1Shows, v1Timelines } from '../db/schema/index';
import { Rng, minutesAgo } from './random';
import { insertRows } from './insert';
import { demoFile, type DemoFile, type SeedFile } from './media';

/** The older (v1) signage screens: a handful of devices, contents, shows, sets and one timeline. */
export async function seedPlusV1(
  db: Db,
  seed: number,
  now: Date,
  stores: { storeCode: string; companyCode: string; index: number; timeZone: string; prCodes: string[] }[],
  media: Map<string, DemoFile>,
): Promise<SeedFile[]> {
  const rng = Rng.of(seed, 'plus-v1');
  const user = 'admin@shelfpad.test';
  // The libraries below belong to the first store's company (migration 0007).
  const companyCode = stores[0].companyCode;
  const devices = stores.slice(0, 2).flatMap((store, s) =>
    [0, 1, 2].map((n) => {
      const mac = ['02', '5b', '00', (s + 1).toString(16).padStart(2, '0'), '00', (n + 1).toString(16).padStart(2, '0')].join(':');
      const model = n === 2 ? 'IP291TA' : 'IP231A';
      return {
        mac,
        storeCode: store.storeCode,
        model,
        config: {
          code: `V1-${store.storeCode}-${n + 1}`,
          name: `Shelf display ${n + 1}`,
          storeCode: store.storeCode,
          category: rng.pick(['Dairy', 'Beverages', 'Snacks']),
          section: `S${n + 1}`,
          shelfID: `SH-${100 + n}`,
          position: String(n + 1),
          timezone: store.timeZone,
          volume: rng.int(0, 15),
          bright: rng.int(5, 10),
          orientation: 0,
          bt: false,
          nfc: n === 0,
          autorun: true,
          autoupdate: true,
          timeserver: 'pool.ntp.org',
          opentime: '08:00',
          closetime: '22:00',
          adminPwd: '',
          managerPwd: '',
          screenInterval: 60,
          cameraInterval: 0,
        },
        version: { player: '1.2.0', launcher: '1.0.3', os: '9' },
        product: store.prCodes.slice(n, n + 2),
        connection: n === 2 ? 'OFFLINE' : 'ONLINE',
        recvTime: n === 2 ? minutesAgo(now, 2000) : minutesAgo(now, rng.float(0.2, 3)),
        ipAddress: `10.200.${store.index}.${20 + n}`,
        createdAt: minutesAgo(now, 200 * 1440),
      };
    }),
  );
  await insertRows(db, v1Devices, devices);

  const [root] = await db
    .insert(v1ContentGroups)
    .values({ name: 'All contents', parent: null, order: 0, companyCode })
    .returning({ id: v1ContentGroups.id });
  const children = await db
    .insert(v1ContentGroups)
    .values([
      { name: 'Promotions', parent: root.id, order: 0, companyCode },
      { name: 'Seasonal', parent: root.id, order: 1, companyCode },
    ])
    .returning({ id: v1ContentGroups.id });
  const contentDefs = [
    { name: 'Summer sale', type: 'image' as const, group: children[0].id, duration: 10, demo: 'summer-sale' },
    { name: 'Two for one', type: 'image' as const, group: children[0].id, duration: 10, demo: 'two-for-one' },
    { name: 'Brand film', type: 'video' as const, group: root.id, duration: 30, demo: 'brand-story' },
    { name: 'Christmas', type: 'image' as const, group: children[1].id, duration: 15, demo: 'christmas' },
    { name: 'Clock', type: 'widget' as const, group: root.id, duration: 20, demo: undefined },
  ];
  // The pictures and the film have files, as uploaded ones (routes/plus-v1-contents.ts names them the same way).
  const files: SeedFile[] = [];
  const fileOf = (demo: string | undefined, i: number) => {
    if (!demo) return { resolution: '-', size: rng.int(50, 5000) * 1024, path: `plus/v1/content/${i + 1}` };
    const made = demoFile(media, demo);
    const path = `plus/v1/${made.kind}/demo-${demo}.${made.ext}`;
    files.push({ key: path, from: made.file });
    return { resolution: `${made.width}x${made.height}`, size: made.size, path };
  };
  const contents = await db
    .insert(v1Contents)
    .values(
      contentDefs.map(({ demo, ...c }, i) => ({ ...c, ...fileOf(demo, i), companyCode, user, updatedAt: minutesAgo(now, (i + 1) * 1000) })),
    )
    .returning({ id: v1Contents.id });
  const ids = contents.map((c) => c.id);

  const showRows = await db
    .insert(v1Shows)
    .values([
      {
        name: 'Aisle strip',
        resolution: '1920x316',
        width: 1920,
        height: 316,
        contentLayout: '1x2',
        device: [
          { type: '23', width: 1920, height: 158, left: 0, top: 0, rotation: 0 },
          { type: '23', width: 1920, height: 158, left: 0, top: 158, rotation: 0 },
        ],
        duration: 30,
        contentArea: [
          { left: 0, top: 0, width: 960, height: 316 },
          { left: 960, top: 0, width: 960, height: 316 },
        ],
        contentIdList: [ids[0], ids[1], ids[3]],
        timeline: [
          [
            { id: ids[0], start: 0 },
            { id: ids[3], start: 15 },
          ],
          [{ id: ids[1], start: 0 }],
        ],
        user,
        companyCode,
        updatedAt: minutesAgo(now, 3000),
      },
      {
        name: 'Endcap video',
        resolution: '1920x540',
        width: 1920,
        height: 540,
        contentLayout: '-',
        device: [{ type: '29', width: 1920, height: 540, left: 0, top: 0, rotation: 0 }],
        duration: 30,
        contentArea: [],
        contentIdList: [ids[2]],
        timeline: [[{ id: ids[2], start: 0 }]],
        user,
        companyCode,
        updatedAt: minutesAgo(now, 2000),
      },
    ])
    .returning({ id: v1Shows.id });

  const sets = await db
    .insert(v1Sets)
    .values([
      {
        name: 'Daytime',
        duration: 60,
        list: [
          { id: showRows[0].id, duration: 30 },
          { id: 'price', duration: 30 },
        ],
        user,
        companyCode,
        updatedAt: minutesAgo(now, 1500),
      },
      { name: 'Evening', duration: 45, list: [{ id: showRows[1].id, duration: 45 }], user, companyCode, updatedAt: minutesAgo(now, 1400) },
    ])
    .returning({ id: v1Sets.id });

  const year = now.getUTCFullYear();
  await db.insert(v1Timelines).values({
    name: 'Store week',
    schedule: [
      {
        id: sets[0].id,
        period: { start: `${year}-01-01`, end: `${year}-12-31` },
        days: [1, 2, 3, 4, 5],
        time: [{ start: '08:00', end: '18:00' }],
      },
      {
        id: sets[1].id,
        period: { start: `${year}-01-01`, end: `${year}-12-31` },
        days: [0, 1, 2, 3, 4, 5, 6],
        time: [{ start: '18:00', end: '22:00' }],
      },
    ],
    device: [devices.slice(0, 2).map((d) => d.mac), devices.slice(2, 3).map((d) => d.mac)],
    user,
    companyCode,
    updatedAt: minutesAgo(now, 1000),
  });
  return files;
}
