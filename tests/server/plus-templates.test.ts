import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { plusDevices, plusDeviceShows, plusHistory, plusTemplates, type PlusShow } from '../../server/db/schema/index';
import { playingSlide } from '../../server/lib/plus-show/playback';
import { localClock, scheduleCovers } from '../../server/lib/schedule-rule';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Plus templates, schedules, applying templates and what the devices play (plus-signage §2.2, §3, §4, §5). */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'operator' | 'viewer', AuthHeaders>;
let macs: string[];

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'viewer']));
  // Two devices of the store, given the 23.1 screen (1920x158).
  const rows = await db()
    .select({ mac: plusDevices.mac })
    .from(plusDevices)
    .where(eq(plusDevices.storeCode, STORE))
    .orderBy(asc(plusDevices.mac))
    .limit(2);
  macs = rows.map((r) => r.mac);
  expect(macs).toHaveLength(2);
  await db().update(plusDeviceShows).set({ screenWidth: 1920, screenHeight: 158 }).where(inArray(plusDeviceShows.mac, macs));
  await db().update(plusDevices).set({ showIdx: null, template: null, tz: 'Asia/Tokyo' }).where(eq(plusDevices.storeCode, STORE));
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: object, who: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const slide = (bgColor: string, extra: Partial<PlusShow> = {}) => ({
  duration: 10,
  bgColor,
  empty: true,
  schedule: [] as string[],
  object: [],
  ...extra,
});
const saveTemplate = (body: object, who?: AuthHeaders) => post(`/plus/template/store/${STORE}`, body, who);
const saveSchedule = (body: object, who?: AuthHeaders) => post(`/plus/schedule/store/${STORE}`, body, who);
const apply = (macList: string[], template: string, flag: boolean, who?: AuthHeaders) =>
  post(`/plus/store/${STORE}/device/template`, { macList, template, flag }, who);
const deviceOf = async (mac: string) => (await db().select().from(plusDevices).where(eq(plusDevices.mac, mac)))[0];
const showsOf = async (mac: string) => (await db().select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, mac)))[0];
const scheduleIdByName = async (name: string) => {
  const page = (await post(`/plus/schedule/list/store/${STORE}`, { start: 0, length: 25, filter_name: name })).json() as {
    data: { _id: string; name: string }[];
  };
  return page.data.find((s) => s.name === name)!._id;
};

/** The colour of the screen image's bottom-right pixel: the slide's background (objects are placed elsewhere). */
async function screenColour(mac: string): Promise<string> {
  const res = await get(`/plus/store/${STORE}/device/${mac}/capture/screen/file`);
  expect(res.statusCode).toBe(200);
  const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const at = ((info.height - 1) * info.width + info.width - 1) * info.channels;
  return `#${[0, 1, 2].map((i) => data[at + i].toString(16).padStart(2, '0')).join('')}`;
}

describe('templates: save, 409, overwrite, list, get', () => {
  // spec: plus §5.12, plus §3.4, plus §7.12, plus §7.16 — 'This template name is already registered.', overwrite; template fields; save and get
  it('creates a template, refuses its name again, overwrites on request, and lists it with its device count', async () => {
    expect((await saveTemplate({ _id: 'Spring', size: '23.1', show: [slide('#112233')] })).statusCode).toBe(200);
    const again = await saveTemplate({ _id: 'Spring', size: '23.1', show: [slide('#445566')] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This template name is already registered.');
    expect((await get(`/plus/template/store/${STORE}/name/Spring`)).json().show[0].bgColor).toBe('#112233');

    expect(
      (await saveTemplate({ _id: 'Spring', size: '29', show: [slide('#445566'), slide('#778899')], overwrite: true })).statusCode,
    ).toBe(200);
    const stored = (await get(`/plus/template/store/${STORE}/name/Spring`)).json();
    expect(stored).toMatchObject({ _id: 'Spring', size: '29', deviceCount: 0, fixed: false });
    expect(stored.show.map((s: PlusShow) => s.bgColor)).toEqual(['#445566', '#778899']);

    const page = (await post(`/plus/template/list/store/${STORE}`, { start: 0, length: 25, filter__id: 'Spring' })).json();
    expect(page.data).toEqual([{ _id: 'Spring', size: '29', deviceCount: 0, updatedAt: expect.any(String), fixed: false }]);
    const names = (await get(`/plus/template/names/store/${STORE}`)).json() as { _id: string; size: string }[];
    expect(names).toContainEqual({ _id: 'Spring', size: '29' });
    expect(names.map((n) => n._id)).toEqual([...names.map((n) => n._id)].sort());
  });

  // spec: plus §5.5 — on a template save the index is the integer of the id
  it('numbers product objects by their id, refuses schedules the store does not have, and bad sizes', async () => {
    const product = { type: 'product', id: '3', left: 0, top: 0, width: 316, height: 158 };
    expect(
      (await saveTemplate({ _id: 'Products', size: '1920x1080', show: [slide('#000000', { object: [product] as PlusShow['object'] })] }))
        .statusCode,
    ).toBe(200);
    const [row] = await db()
      .select()
      .from(plusTemplates)
      .where(and(eq(plusTemplates.storeCode, STORE), eq(plusTemplates.name, 'Products')));
    expect(row.show[0].object[0]).toMatchObject({ type: 'product', index: 3 });

    const foreign = await saveTemplate({ _id: 'Imported', size: '23.1', show: [slide('#000000', { schedule: ['999999'] })] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('Schedule 999999 does not exist');
    expect((await saveTemplate({ _id: 'Bad', size: '23', show: [] })).statusCode).toBe(400);
    expect((await saveTemplate({ _id: '   ', size: '23.1', show: [] })).statusCode).toBe(400);
    expect((await get(`/plus/template/store/${STORE}/name/Nothing`)).statusCode).toBe(404);
  });
});

describe('schedules: validation, save, edit, summary fields', () => {
  it("answers 'Validation Error' without a period or a time range, and refuses 24:00 and impossible dates", async () => {
    for (const body of [
      { name: 'No period', time: [{ start: '08:00', end: '10:00' }] },
      { name: 'No time', period: { start: '2026-01-01', end: '2026-12-31' }, time: [] },
      { name: 'Backwards', period: { start: '2026-12-31', end: '2026-01-01' }, time: [{ start: '08:00', end: '10:00' }] },
      { name: 'No day', period: { start: '2026-02-30', end: '2026-03-01' }, time: [{ start: '08:00', end: '10:00' }] },
    ]) {
      const res = await saveSchedule(body);
      expect(res.statusCode, body.name).toBe(400);
      expect(res.json().message, body.name).toBe('Validation Error');
    }
    expect(
      (await saveSchedule({ name: '24h', period: { start: '2026-01-01', end: '2026-01-02' }, time: [{ start: '08:00', end: '24:00' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await saveSchedule({ name: '7pm', period: { start: '2026-01-01', end: '2026-01-02' }, time: [{ start: '7pm', end: '8pm' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await saveSchedule({
          name: 'Day 7',
          period: { start: '2026-01-01', end: '2026-01-02' },
          days: [7],
          time: [{ start: '08:00', end: '09:00' }],
        })
      ).statusCode,
    ).toBe(400);
  });

  // spec: plus §5.13, plus §3.5, plus §7.12 — days optional; schedule fields; save a schedule, the store's schedule list
  it('creates a schedule with optional days, edits it, and answers it', async () => {
    expect(
      (
        await saveSchedule({
          name: 'Mornings',
          period: { start: '2026-01-01', end: '2026-12-31' },
          time: [{ start: '06:00', end: '11:00' }],
        })
      ).statusCode,
    ).toBe(200);
    const id = await scheduleIdByName('Mornings');
    expect((await get(`/plus/schedule/store/${STORE}/id/${id}`)).json()).toMatchObject({
      name: 'Mornings',
      days: [],
      time: [{ start: '06:00', end: '11:00' }],
    });
    const edit = {
      _id: id,
      name: 'Mornings',
      period: { start: '2026-01-01', end: '2026-12-31' },
      days: [6, 0],
      time: [
        { start: '06:00', end: '11:00' },
        { start: '22:00', end: '02:00' },
      ],
    };
    expect((await saveSchedule(edit)).statusCode).toBe(200);
    expect((await get(`/plus/schedule/store/${STORE}/id/${id}`)).json()).toMatchObject({ days: [0, 6], time: edit.time });
    const all = (await get(`/plus/schedule/all/store/${STORE}`)).json() as { name: string; days: number[] }[];
    // The demo's schedules answer week days as numbers too.
    expect(all.every((s) => s.days.every((d) => Number.isInteger(d)))).toBe(true);
    expect((await saveSchedule({ ...edit, _id: '999999' })).statusCode).toBe(404);
    expect((await get(`/plus/schedule/store/SEL001/id/${id}`)).statusCode).toBe(404);
  });
});

describe('applying templates (plus-signage §4) and the in-use rule of deletes', () => {
  // spec: plus §4.4, plus §4.5, plus §4.6, plus §7.5 — a named template links (and loads its show), a link without overwriting, the empty choice unlinks
  // spec: plus §4.2 — template and device (its rules below)
  it('links and copies, links without copying, unlinks keeping the show, and refuses a template of another screen size', async () => {
    const [a, b] = macs;
    expect((await saveTemplate({ _id: 'Promo', size: '23.1', show: [slide('#aa0000'), slide('#00aa00')] })).statusCode).toBe(200);
    const before = (await showsOf(b)).show;

    expect((await apply([a], 'Promo', true)).statusCode).toBe(200);
    expect((await deviceOf(a)).template).toBe('Promo');
    expect((await showsOf(a)).show.map((s) => s.bgColor)).toEqual(['#aa0000', '#00aa00']);

    expect((await apply([b], 'Promo', false)).statusCode).toBe(200);
    expect((await deviceOf(b)).template).toBe('Promo');
    expect((await showsOf(b)).show).toEqual(before);
    expect((await get(`/plus/template/store/${STORE}/name/Promo`)).json().deviceCount).toBe(2);

    expect((await apply([b], '', true)).statusCode).toBe(200);
    expect((await deviceOf(b)).template).toBeNull();
    expect((await showsOf(b)).show).toEqual(before);

    const wrongSize = await apply([b], 'Spring', true);
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().message).toContain('29 screens');
    expect((await apply([b], 'Nothing', true)).statusCode).toBe(404);
    expect((await apply(['02:00:00:00:00:99'], 'Promo', true)).statusCode).toBe(404);
  });

  it('an overwritten template reaches its linked devices', async () => {
    await saveTemplate({ _id: 'Promo', size: '23.1', show: [slide('#0000aa')], overwrite: true });
    expect((await showsOf(macs[0])).show.map((s) => s.bgColor)).toEqual(['#0000aa']);
  });

  // spec: plus §5.7, plus §7.11 — a template or schedule in use is kept, its devices named
  it('keeps a template or schedule that devices use, removes the rest, and names the devices', async () => {
    await saveTemplate({ _id: 'Unused', size: '23.1', show: [] });
    const res = (await post(`/plus/asset/template/remove/store/${STORE}`, { idList: ['Promo', 'Unused'] })).json();
    expect(res.removed).toEqual(['Unused']);
    expect(res.inUse).toEqual([{ id: 'Promo', devices: [{ mac: macs[0], name: expect.any(String) }] }]);

    const id = await scheduleIdByName('Mornings');
    await saveTemplate({ _id: 'Scheduled', size: '23.1', show: [slide('#000000', { schedule: [id] })] });
    await apply([macs[1]], 'Scheduled', true);
    const refused = (await post(`/plus/asset/schedule/remove/store/${STORE}`, { idList: [id] })).json();
    expect(refused.inUse[0].devices.map((d: { mac: string }) => d.mac)).toEqual([macs[1]]);
    // Once no device uses it, it goes, and leaves the template's slides.
    await apply([macs[1]], '', false);
    await db().update(plusDeviceShows).set({ show: [] }).where(eq(plusDeviceShows.mac, macs[1]));
    expect((await post(`/plus/asset/schedule/remove/store/${STORE}`, { idList: [id] })).json().removed).toEqual([id]);
    expect((await get(`/plus/template/store/${STORE}/name/Scheduled`)).json().show[0].schedule).toEqual([]);
  });

  // spec: plus §3.10 — history rows: category, operation, method, path, items, email
  it('records schedule saves and deletes in the plus history, as template saves are', async () => {
    const since = new Date();
    const period = { start: '2026-01-01', end: '2026-12-31' };
    await saveSchedule({ name: 'Logged', period, time: [{ start: '08:00', end: '09:00' }] });
    const id = await scheduleIdByName('Logged');
    await saveSchedule({ _id: id, name: 'Logged', period, time: [{ start: '08:00', end: '10:00' }] }, as.operator);
    expect((await post(`/plus/asset/schedule/remove/store/${STORE}`, { idList: [id] })).json().removed).toEqual([id]);
    const rows = await db()
      .select()
      .from(plusHistory)
      .where(and(eq(plusHistory.store, STORE), eq(plusHistory.category, 'schedule'), gte(plusHistory.updatedAt, since)))
      .orderBy(asc(plusHistory.updatedAt), asc(plusHistory.id));
    expect(rows.map(({ operation, method, path, items, email }) => ({ operation, method, path, items, email }))).toEqual([
      {
        operation: 'Create',
        method: 'POST',
        path: `/plus/schedule/store/${STORE}`,
        items: [{ id, name: 'Logged' }],
        email: as.admin['access-email'],
      },
      {
        operation: 'Update',
        method: 'POST',
        path: `/plus/schedule/store/${STORE}`,
        items: [{ id, name: 'Logged' }],
        email: as.operator['access-email'],
      },
      {
        operation: 'Delete',
        method: 'POST',
        path: `/plus/asset/schedule/remove/store/${STORE}`,
        items: [{ id }],
        email: as.admin['access-email'],
      },
    ]);
    // A refused save writes nothing.
    await saveSchedule({ name: 'Broken', period, time: [] });
    expect(
      await db()
        .select()
        .from(plusHistory)
        .where(and(eq(plusHistory.category, 'schedule'), gte(plusHistory.updatedAt, since))),
    ).toHaveLength(3);
  });
});

describe('what a device plays (lib/plus-show/playback.ts, the screen image)', () => {
  const rules = new Map([
    ['1', { period: { start: '2026-01-01', end: '2026-12-31' }, days: [1, 2, 3, 4, 5], time: [{ start: '09:00', end: '12:00' }] }],
  ]);

  it('reads a schedule in the device’s time zone: period, week day and time range', () => {
    // 2026-03-02 is a Monday; 01:30 UTC is 10:30 in Tokyo.
    const at = localClock(new Date('2026-03-02T01:30:00Z'), 'Asia/Tokyo');
    expect(at).toEqual({ date: '2026-03-02', day: 1, seconds: 37800 });
    expect(scheduleCovers(rules.get('1')!, at)).toBe(true);
    expect(scheduleCovers(rules.get('1')!, localClock(new Date('2026-03-02T01:30:00Z'), 'Europe/Paris'))).toBe(false);
    expect(scheduleCovers(rules.get('1')!, localClock(new Date('2026-03-01T01:30:00Z'), 'Asia/Tokyo'))).toBe(false); // Sunday
    expect(
      scheduleCovers(
        { ...rules.get('1')!, days: [], time: [{ start: '22:00', end: '02:00' }] },
        localClock(new Date('2027-01-01T00:30:00Z'), 'UTC'),
      ),
    ).toBe(false); // past the period
    expect(
      scheduleCovers(
        { ...rules.get('1')!, days: [], time: [{ start: '22:00', end: '02:00' }] },
        localClock(new Date('2026-06-01T00:30:00Z'), 'UTC'),
      ),
    ).toBe(true); // over midnight
    // The same rule serves v1 timeline entries, whose parts are each optional (lib/schedule-rule.ts).
    expect(scheduleCovers({ days: [1] }, at)).toBe(true);
    expect(scheduleCovers({ time: [{ start: '10:30:00', end: '10:30:30' }] }, at)).toBe(true);
    expect(scheduleCovers({ period: { start: '2026-03-03', end: '2026-03-31' } }, at)).toBe(false);
  });

  it('plays slides in order with their durations, a scheduled slide only while covered, the pin first', () => {
    const shows = [
      slide('#111111', { duration: 5 }),
      slide('#222222', { duration: 10, schedule: ['1'] }),
      slide('#333333', { duration: 5 }),
    ];
    const origin = new Date('2026-03-02T01:30:00Z');
    const at = (seconds: number, base = origin) =>
      playingSlide({ shows, pinned: null, schedules: rules, tz: 'Asia/Tokyo', origin, now: new Date(base.getTime() + seconds * 1000) });
    expect([0, 4, 5, 14, 15, 19, 20].map((s) => at(s))).toEqual([0, 0, 1, 1, 2, 2, 0]);
    // At 13:00 Tokyo the scheduled slide is left out: 5 s of slide 1, 5 s of slide 3.
    const later = new Date('2026-03-02T04:00:00Z');
    expect(
      [0, 5, 10].map((s) =>
        playingSlide({ shows, pinned: null, schedules: rules, tz: 'Asia/Tokyo', origin: later, now: new Date(later.getTime() + s * 1000) }),
      ),
    ).toEqual([0, 2, 0]);
    expect(playingSlide({ shows, pinned: 1, schedules: rules, tz: 'Asia/Tokyo', origin, now: later })).toBe(1);
    expect(playingSlide({ shows: [shows[1]], pinned: null, schedules: rules, tz: 'Asia/Tokyo', origin, now: later })).toBeNull();
  });

  it('the screen image shows the slide the schedule selects at the injected time', async () => {
    await saveSchedule({
      name: 'Late morning',
      period: { start: '2026-01-01', end: '2026-12-31' },
      time: [{ start: '09:00', end: '12:00' }],
    });
    const id = await scheduleIdByName('Late morning');
    const mac = macs[1];
    const savedAt = new Date('2026-03-02T01:00:00Z'); // 10:00 in Tokyo
    await db()
      .update(plusDeviceShows)
      .set({ show: [slide('#ff0000', { duration: 30, schedule: [id] }), slide('#0000ff', { duration: 30 })], updatedAt: savedAt })
      .where(eq(plusDeviceShows.mac, mac));
    try {
      sut.deps.clock = () => new Date(savedAt.getTime() + 10_000);
      expect(await screenColour(mac)).toBe('#ff0000');
      sut.deps.clock = () => new Date(savedAt.getTime() + 40_000);
      expect(await screenColour(mac)).toBe('#0000ff');
      // 13:00 in Tokyo: outside the range, only the unscheduled slide plays.
      sut.deps.clock = () => new Date('2026-03-02T04:00:10Z');
      expect(await screenColour(mac)).toBe('#0000ff');
    } finally {
      sut.deps.clock = undefined;
    }
  });
});

describe('privileges', () => {
  it('read for the viewer, write refused; another store refused to its member', async () => {
    expect((await get(`/plus/template/names/store/${STORE}`, as.viewer)).statusCode).toBe(200);
    expect((await saveTemplate({ _id: 'Viewer', size: '23.1', show: [] }, as.viewer)).statusCode).toBe(403);
    expect(
      (
        await saveSchedule(
          { name: 'V', period: { start: '2026-01-01', end: '2026-01-02' }, time: [{ start: '08:00', end: '09:00' }] },
          as.viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await apply([macs[0]], '', false, as.viewer)).statusCode).toBe(403);
    // The operator works in TKY001 only.
    expect((await saveTemplate({ _id: 'Op', size: '23.1', show: [] }, as.operator)).statusCode).toBe(200);
    expect((await post('/plus/template/store/SEL001', { _id: 'Op', size: '23.1', show: [] }, as.operator)).statusCode).toBe(403);
    expect((await post('/plus/schedule/list/store/SEL001', { start: 0, length: 25 }, as.operator)).statusCode).toBe(403);
    expect((await get('/plus/template/store/SEL001/name/Weekly%20promo', as.operator)).statusCode).toBe(403);
    expect(
      (await post('/plus/store/SEL001/device/template', { macList: [macs[0]], template: '', flag: false }, as.operator)).statusCode,
    ).toBe(403);
  });
});
