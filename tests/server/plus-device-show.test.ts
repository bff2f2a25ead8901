import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Show } from '../../contract/schemas/plus';
import { plusAssets, plusDeviceShows, plusDevices, plusHistory, plusSchedules, plusTemplates } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/* The show editor's save (plus-signage §2.3, §4, §5): what is stored, what is refused, the template rule, who may. */

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;

beforeAll(async () => {
  let as: Record<'admin' | 'operator' | 'viewer', AuthHeaders>;
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'viewer']));
  ({ admin, operator, viewer } = as);
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const url = (mac: string, store = STORE) => `/api/plus/store/${store}/device/${mac}/show`;
const save = (mac: string, payload: object, headers: AuthHeaders = admin, store = STORE) =>
  sut.app.inject({ method: 'POST', url: url(mac, store), payload, headers });
const read = async (mac: string) =>
  (await sut.app.inject({ method: 'GET', url: url(mac), headers: admin })).json() as {
    show: Show[];
    productShowIdx: number | null;
    screenWidth: number;
  };
const asset = async (type: 'image' | 'video' | 'widget', store = STORE) =>
  String(
    (
      await db()
        .select({ id: plusAssets.id })
        .from(plusAssets)
        .where(and(eq(plusAssets.storeCode, store), eq(plusAssets.type, type)))
        .orderBy(asc(plusAssets.id))
        .limit(1)
    )[0].id,
  );
const device = async (where = eq(plusDevices.storeCode, STORE)) =>
  (await db().select().from(plusDevices).where(where).orderBy(asc(plusDevices.mac)))[0];
const withoutTemplate = async () =>
  (await db().select().from(plusDevices).where(eq(plusDevices.storeCode, STORE)).orderBy(asc(plusDevices.mac))).filter((d) => !d.template);

async function twoSlides(): Promise<Show[]> {
  return [
    {
      duration: 30,
      bgColor: '#000000',
      empty: false,
      schedule: [],
      object: [
        { type: 'product', id: 3, left: 0, top: 0, width: 316, height: 158, autoSize: true },
        { type: 'product', id: 1, left: 400, top: 0, width: 316, height: 158, autoSize: true },
      ],
    },
    {
      duration: 12,
      clickDuration: 5,
      bgColor: '#ffcc00',
      empty: false,
      schedule: [],
      object: [
        { type: 'image', id: await asset('image'), left: 0, top: 0, width: 960, height: 158 },
        { type: 'video', id: await asset('video'), left: 960, top: 0, width: 480, height: 158, clickShow: 0 },
        { type: 'webpage', id: 'shelfpad.test/offers', left: 1440, top: 0, width: 480, height: 158 },
      ],
    },
  ];
}

describe('saving a device’s show list', () => {
  // spec: plus §5.4, plus §5.5, plus §7.10 — the device show list saved and read back
  it('stores the slides with numbered products and prefixed webpages, and answers them on the next read', async () => {
    const [target] = await withoutTemplate();
    const res = await save(target.mac, { show: await twoSlides(), productShowIdx: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, template: '' });
    const back = await read(target.mac);
    expect(back.productShowIdx).toBe(0);
    expect(back.show.map((s) => s.duration)).toEqual([30, 12]);
    expect(back.show[0].object.map((o) => [o.id, o.index])).toEqual([
      [3, 0],
      [1, 1],
    ]);
    expect(back.show[1].object[2].id).toBe('http://shelfpad.test/offers');
    expect(back.show[1]).toMatchObject({ bgColor: '#ffcc00', clickDuration: 5 });
    const [history] = await db().select().from(plusHistory).orderBy(desc(plusHistory.id)).limit(1);
    expect(history).toMatchObject({ operation: 'Update', store: STORE, email: 'admin@shelfpad.test' });
  });

  it('keeps the stored product show index when the body leaves it out, and takes schedules of the store', async () => {
    const [target] = await withoutTemplate();
    const [schedule] = await db().select({ id: plusSchedules.id }).from(plusSchedules).where(eq(plusSchedules.storeCode, STORE)).limit(1);
    const show = await twoSlides();
    show[1].schedule = [String(schedule.id)];
    expect((await save(target.mac, { show })).statusCode).toBe(200);
    const back = await read(target.mac);
    expect(back.productShowIdx).toBe(0);
    expect(back.show[1].schedule).toEqual([String(schedule.id)]);
  });

  // spec: plus §2.51 — no product number beyond 2 × floor(width / 180)
  it('refuses other stores’ assets and schedules, product numbers beyond the choice list, a product index past the list, bad colours and unknown devices', async () => {
    const [target] = await withoutTemplate();
    const before = await read(target.mac);
    const foreignImage = await asset('image', 'SEL001');
    const [foreignSchedule] = await db()
      .select({ id: plusSchedules.id })
      .from(plusSchedules)
      .where(eq(plusSchedules.storeCode, 'SEL001'))
      .limit(1);
    const base = await twoSlides();
    const cases: [object, number, RegExp][] = [
      [{ show: [{ ...base[1], object: [{ ...base[1].object[0], id: foreignImage }] }] }, 400, /image .* does not exist in store TKY001/],
      [{ show: [{ ...base[1], object: [{ ...base[1].object[0], type: 'video' }] }] }, 400, /video .* does not exist/],
      [{ show: [{ ...base[1], schedule: [String(foreignSchedule.id)] }] }, 400, /schedule .* does not exist/],
      [{ show: [{ ...base[0], object: [{ ...base[0].object[0], id: 2 * Math.floor(before.screenWidth / 180) }] }] }, 400, /product number/],
      [{ show: [base[1]], productShowIdx: 1 }, 400, /product show index 1/],
      [{ show: [{ ...base[1], bgColor: 'red' }] }, 400, /bgColor|pattern/],
      [{ show: [{ ...base[1], duration: 0 }] }, 400, /duration|>= 1/],
    ];
    for (const [body, status, message] of cases) {
      const res = await save(target.mac, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await save('02:5a:ff:ff:ff:ff', { show: base })).statusCode).toBe(404);
    expect(await read(target.mac)).toEqual(before);
  });
});

describe('the template rule (plus-signage §4)', () => {
  // spec: plus §4.3 — detached when the saved list differs, the customised show kept
  it('keeps the template while the saved list equals its show, and detaches the device when it differs', async () => {
    const linked = await device(and(eq(plusDevices.storeCode, STORE), isNotNull(plusDevices.template)));
    const [template] = await db()
      .select()
      .from(plusTemplates)
      .where(and(eq(plusTemplates.storeCode, STORE), eq(plusTemplates.name, linked.template!)));
    const current = await read(linked.mac);
    // Unchanged (as the editor sends it back, products renumbered by order): still linked.
    const same = await save(linked.mac, { show: current.show });
    expect(same.json()).toEqual({ success: true, template: template.name });
    expect((await device(eq(plusDevices.mac, linked.mac))).template).toBe(template.name);
    // One slide longer: detached, the customised list kept.
    const changed = current.show.map((s, i) => (i === current.show.length - 1 ? { ...s, duration: s.duration + 5 } : s));
    const res = await save(linked.mac, { show: changed });
    expect(res.json()).toEqual({ success: true, template: '' });
    expect((await device(eq(plusDevices.mac, linked.mac))).template).toBeNull();
    const [stored] = await db().select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, linked.mac));
    expect(stored.show.at(-1)!.duration).toBe(current.show.at(-1)!.duration + 5);
    // The template itself is untouched.
    const [after] = await db()
      .select()
      .from(plusTemplates)
      .where(and(eq(plusTemplates.storeCode, STORE), eq(plusTemplates.name, template.name)));
    expect(after.show).toEqual(template.show);
  });
});

describe('who may save', () => {
  // spec: plus §6.3 — editing shows needs plus write
  it('lets plus writers of the store save; refuses read-only members, other stores’ operators and no session', async () => {
    const [target] = await withoutTemplate();
    const body = { show: await twoSlides() };
    expect((await save(target.mac, body, operator)).statusCode).toBe(200);
    const before = await read(target.mac);
    const changed = { show: body.show.map((s) => ({ ...s, duration: 99 })) };
    expect((await save(target.mac, changed, viewer)).statusCode).toBe(403);
    expect((await sut.app.inject({ method: 'POST', url: url(target.mac), payload: changed })).statusCode).toBe(401);
    const foreign = await device(eq(plusDevices.storeCode, 'SEL001'));
    const res = await save(foreign.mac, { show: [] }, operator, 'SEL001');
    expect(res.statusCode).toBe(403);
    // A device of another store named under the operator's own store is not found there.
    expect((await save(foreign.mac, { show: [] }, operator)).statusCode).toBe(404);
    expect(await read(target.mac)).toEqual(before);
  });
});
