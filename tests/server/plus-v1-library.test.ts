import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { v1Contents, v1Shows } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { testImage, testVideo } from './plus-media-fixtures';

/** Plus v1 contents, groups, shows, sets and timelines (plus-signage §3, §4, §5, §7.4), owned by a company. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'viewer' | 'operator', AuthHeaders>;
let png: Buffer;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator']));
  png = await testImage(320, 80);
});
afterAll(async () => sut?.close());

const post = (url: string, payload: object, who: AuthHeaders = as.acme) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.acme) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const page = async (url: string, payload: object = {}, who?: AuthHeaders) =>
  (await post(url, { draw: 1, start: 0, length: 25, ...payload }, who)).json();

function upload(fields: Record<string, string>, files: { name: string; content: Buffer }[], who: AuthHeaders = as.acme) {
  const boundary = '----v1-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return sut.app.inject({
    method: 'POST',
    url: '/api/plus/v1/content/file',
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

const device = (type: '23' | '29', top: number) => ({ type, width: 1920, height: type === '23' ? 158 : 540, left: 0, top, rotation: 0 });

describe('content groups and contents', () => {
  let groupId: string;
  let contentId: string;

  // spec: plus §3.16, plus §7.25 — content groups: id, name, parent, order
  it('builds a group tree: create, rename, move, order; no cycles; other companies see none of it', async () => {
    const root = (await post('/plus/v1/content/group/save', { name: 'Shelf ads', parent: null, order: 5 })).json();
    const child = (await post('/plus/v1/content/group/save', { name: 'Drinks', parent: root.id, order: 0 })).json();
    groupId = child.id;
    expect((await post('/plus/v1/content/group/save', { id: root.id, name: 'Shelf ads 2', parent: child.id, order: 5 })).statusCode).toBe(
      400,
    );
    expect((await post('/plus/v1/content/group/save', { id: child.id, name: 'Cold drinks', parent: root.id, order: 2 })).statusCode).toBe(
      200,
    );
    const tree = (await get('/plus/v1/content/group')).json();
    expect(tree).toContainEqual({ id: child.id, name: 'Cold drinks', parent: root.id, order: 2 });
    expect((await get('/plus/v1/content/group', as.nord)).json()).toEqual([]);
    expect((await post('/plus/v1/content/group/save', { name: 'x', parent: root.id, order: 0 }, as.nord)).statusCode).toBe(404);
  });

  // spec: plus §3.15, plus §7.26 — content upload with name, type, group; content fields
  it('uploads up to 10 files of the named type into a group, reading size and duration from the file', async () => {
    const video = testVideo(3, 320, 240);
    const res = await upload({ type: 'image', group: groupId }, [
      { name: 'a.png', content: png },
      { name: 'b.png', content: png },
    ]);
    expect(res.statusCode).toBe(200);
    const { idList } = res.json();
    expect(idList).toHaveLength(2);
    contentId = idList[0];
    const listed = await page('/plus/v1/content/list', { group: groupId });
    expect(listed.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: contentId, name: 'a.png', type: 'image', resolution: '320x80', group: groupId }),
      ]),
    );
    const vid = (await upload({ type: 'video', name: 'Promo clip' }, [{ name: 'clip.mp4', content: video }])).json();
    const [row] = await sut.deps.db
      .select()
      .from(v1Contents)
      .where(eq(v1Contents.id, Number(vid.idList[0])));
    expect(row).toMatchObject({ name: 'Promo clip', duration: 3, resolution: '320x240', group: null });
    const file = await get(`/plus/v1/content/${contentId}/file`);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  // spec: plus §5.22, plus §9.8 — at most 10 contents, 1 when replacing
  it('refuses a file of another type, 11 files, 2 files when replacing, a missing type', async () => {
    expect((await upload({ type: 'video' }, [{ name: 'a.png', content: png }])).json().code).toBe('KIND_MISMATCH');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, content: png }));
    expect((await upload({ type: 'image' }, eleven)).statusCode).toBe(413);
    expect(
      (
        await upload({ type: 'image', id: contentId }, [
          { name: 'a.png', content: png },
          { name: 'b.png', content: png },
        ])
      ).json().code,
    ).toBe('TOO_MANY_FILES');
    expect((await upload({}, [{ name: 'a.png', content: png }])).statusCode).toBe(400);
    expect((await upload({ type: 'image' }, [{ name: 'a.png', content: png }], as.viewer)).statusCode).toBe(403);
  });

  // spec: plus §7.25 — saveContentV1, moveContentV1, removeContentV1, group remove
  it('renames, moves between groups and removes; removing a group moves its contents up', async () => {
    expect((await post('/plus/v1/content/save', { id: contentId, name: '  ' })).statusCode).toBe(400);
    await post('/plus/v1/content/save', { id: contentId, name: 'Cola banner' });
    await post('/plus/v1/content/move', { idList: [contentId], groupId: null });
    expect((await page('/plus/v1/content/list', { group: null })).data.map((c: { name: string }) => c.name)).toContain('Cola banner');
    const other = (await page('/plus/v1/content/list', { group: groupId })).data[0];
    const parent = (await get('/plus/v1/content/group')).json().find((g: { id: string }) => g.id === groupId).parent;
    expect((await post('/plus/v1/content/group/remove', { id: groupId })).statusCode).toBe(200);
    const [moved] = await sut.deps.db
      .select()
      .from(v1Contents)
      .where(eq(v1Contents.id, Number(other.id)));
    expect(String(moved.group)).toBe(parent);
    expect((await post('/plus/v1/content/remove', { idList: [other.id] }, as.nord)).statusCode).toBe(404);
    expect((await post('/plus/v1/content/remove', { idList: [other.id] })).statusCode).toBe(200);
    expect((await get(`/plus/v1/content/${other.id}/file`)).statusCode).toBe(404);
  });

  it('keeps a content a show plays ("There are shows that use this")', async () => {
    const [used] = await sut.deps.db.select().from(v1Shows).limit(1);
    const res = await post('/plus/v1/content/remove', { idList: [String(used.contentIdList[0])] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`(1) ${used.name}`);
  });
});

describe('shows', () => {
  let showId: string;
  let contentIds: string[];

  // spec: plus §3.12, plus §7.21 — v1 show: resolution, size, counts, deviceTypeCount derived
  it('stores a show of two 23" and one 29" device with a 2x1 layout, deriving size and counts', async () => {
    contentIds = (await page('/plus/v1/content/list')).data
      .filter((c: { type: string }) => c.type === 'image')
      .map((c: { id: string }) => c.id);
    const body = {
      name: 'Three screens',
      duration: 30,
      width: 0,
      height: 0,
      contentLayout: '2x1',
      device: [device('23', 0), device('23', 158), device('29', 316)],
      contentArea: [
        { left: 0, top: 0, width: 1920, height: 428 },
        { left: 0, top: 428, width: 1920, height: 428 },
      ],
      timeline: [
        [
          { id: contentIds[0], start: 10, name: 'b' },
          { id: contentIds[1], start: 0, index: 0 },
        ],
        [{ id: contentIds[0], start: 0 }],
      ],
    };
    const res = await post('/plus/v1/show/save', body);
    expect(res.statusCode).toBe(200);
    showId = res.json().id;
    const show = (await get(`/plus/v1/show/${showId}`)).json();
    expect(show).toMatchObject({
      resolution: '1920x856',
      width: 1920,
      height: 856,
      deviceCount: 3,
      contentAreaCount: 2,
      deviceTypeCount: { '23': 2, '29': 1 },
      contentCount: 2,
      timelineCount: 3,
      user: 'acme-admin@shelfpad.test',
    });
    expect(show.timeline[0]).toEqual([
      { id: contentIds[1], start: 0 },
      { id: contentIds[0], start: 10 },
    ]);
    // An exported file (the answer as it is) imports as a new show.
    const { id: _id, ...exported } = show;
    const again = await post('/plus/v1/show/save', { ...exported, name: 'Imported' });
    expect(again.statusCode).toBe(200);
    expect((await get(`/plus/v1/show/${again.json().id}`)).json().deviceTypeCount).toEqual({ '23': 2, '29': 1 });
  });

  // spec: plus §5.15 — show duration at least 1, name required
  it('refuses what does not fit: layout and areas, areas off the canvas, late starts, unknown contents, other companies', async () => {
    const base = {
      name: 'Bad',
      duration: 10,
      width: 1920,
      height: 158,
      contentLayout: '1x1',
      device: [device('23', 0)],
      contentArea: [{ left: 0, top: 0, width: 1920, height: 158 }],
      timeline: [],
    };
    expect((await post('/plus/v1/show/save', { ...base, contentLayout: '1x2' })).json().code).toBe('LAYOUT_MISMATCH');
    expect((await post('/plus/v1/show/save', { ...base, contentArea: [{ left: 0, top: 0, width: 1920, height: 200 }] })).json().code).toBe(
      'AREA_OUTSIDE',
    );
    expect((await post('/plus/v1/show/save', { ...base, timeline: [[{ id: contentIds[0], start: 10 }]] })).json().code).toBe(
      'START_PAST_END',
    );
    expect((await post('/plus/v1/show/save', { ...base, timeline: [[{ id: '999999', start: 0 }]] })).statusCode).toBe(404);
    expect((await post('/plus/v1/show/save', { ...base, duration: 0 })).statusCode).toBe(400);
    expect((await post('/plus/v1/show/save', { ...base, name: ' ' })).statusCode).toBe(400);
    expect((await post('/plus/v1/show/save', { ...base, id: showId }, as.nord)).statusCode).toBe(404);
    expect((await get(`/plus/v1/show/${showId}`, as.nord)).statusCode).toBe(404);
    expect((await page('/plus/v1/show/list', {}, as.nord)).recordsTotal).toBe(0);
    const found = await page('/plus/v1/show/list', { filter_name: 'three', condition_name: '~' });
    expect(found.data.map((s: { id: string }) => s.id)).toEqual([showId]);
  });

  let setId: string;
  // spec: plus §3.13, plus §5.16, plus §7.22 — a set of shows and 'price'; durations at least 1; list not empty
  it('puts the show in a set with the price entry; durations at least 1, a list of one or more', async () => {
    expect((await post('/plus/v1/set/save', { name: 'S', duration: 40, list: [] })).statusCode).toBe(400);
    expect((await post('/plus/v1/set/save', { name: 'S', duration: 40, list: [{ id: showId, duration: 0 }] })).statusCode).toBe(400);
    expect((await post('/plus/v1/set/save', { name: 'S', duration: 40, list: [{ id: 'pricey', duration: 5 }] })).statusCode).toBe(404);
    const res = await post('/plus/v1/set/save', {
      name: 'Morning',
      duration: 40,
      list: [
        { id: showId, duration: 30 },
        { id: 'price', duration: 10 },
      ],
    });
    setId = res.json().id;
    expect((await get(`/plus/v1/set/${setId}`)).json()).toMatchObject({
      name: 'Morning',
      duration: 40,
      list: [
        { id: showId, duration: 30 },
        { id: 'price', duration: 10 },
      ],
    });
    const inUse = await post('/plus/v1/show/remove', { idList: [showId] });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toContain('(1) Morning');
  });

  // spec: plus §3.14, plus §7.23 — a timeline's schedules and device slots
  it('schedules the set on a timeline and assigns devices per slot, in the member’s stores only', async () => {
    const created = await post('/plus/v1/timeline/save', { name: 'Week' }, as.operator);
    const id = created.json().id;
    const schedule = [
      { id: setId, period: { start: '2026-01-01', end: '2026-12-31' }, days: [1, 2], time: [{ start: '08:00', end: '12:00' }] },
    ];
    expect((await post('/plus/v1/timeline/save', { id, schedule }, as.operator)).statusCode).toBe(200);
    expect((await post('/plus/v1/timeline/save', { id, schedule: [{ id: setId }] })).statusCode).toBe(400);
    expect(
      (
        await post('/plus/v1/timeline/save', { id, schedule: [{ ...schedule[0], period: { start: '2026-12-31', end: '2026-01-01' } }] })
      ).json().code,
    ).toBe('BAD_PERIOD');
    expect(
      (await post('/plus/v1/timeline/save', { id, device: [['02:5B:00:01:00:01'], ['02:5b:00:01:00:02']] }, as.operator)).statusCode,
    ).toBe(200);
    expect((await post('/plus/v1/timeline/save', { id, device: [['02:5b:00:02:00:01']] }, as.operator)).statusCode).toBe(404);
    expect(
      (await post('/plus/v1/timeline/save', { id, device: [['02:5b:00:01:00:01'], ['02:5b:00:01:00:01']] }, as.operator)).statusCode,
    ).toBe(400);
    const timeline = (await get(`/plus/v1/timeline/${id}`)).json();
    expect(timeline).toMatchObject({
      name: 'Week',
      scheduleCount: 1,
      deviceCount: 2,
      device: [['02:5b:00:01:00:01'], ['02:5b:00:01:00:02']],
      schedule,
    });
    expect((await post('/plus/v1/set/remove', { idList: [setId] })).statusCode).toBe(409);
    expect((await post('/plus/v1/timeline/remove', { idList: [id] }, as.viewer)).statusCode).toBe(403);
    expect((await post('/plus/v1/timeline/remove', { idList: [id] })).statusCode).toBe(200);
    expect((await post('/plus/v1/set/remove', { idList: [setId] })).statusCode).toBe(200);
  });
});
