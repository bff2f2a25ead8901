import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { v1ContentGroups, v1Timelines } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * Two validation rules of plus-signage §5 for the v1 screens, as the server keeps them: a timeline's schedule entry
 * needs at least one of period, days and time (each alone is enough), and a group, content or timeline never
 * takes a blank name.
 */
let sut: TestServer;
let as: Record<'acme', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['acme']));
});
afterAll(async () => sut?.close());

const post = (url: string, payload: object, who: AuthHeaders = as.acme) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.acme) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const firstId = async (url: string) => (await post(url, { draw: 1, start: 0, length: 1 })).json().data[0]?.id as string | undefined;

describe('v1 timeline schedule entries (plus-signage §5)', () => {
  // spec: plus §5.14 — period, days and time each optional; an entry with none of them is refused
  it('takes an entry with only a period, only days or only time ranges, and refuses one with none of them', async () => {
    const setId = await firstId('/plus/v1/set/list');
    expect(setId, 'a demo set of the company').toBeDefined();
    const created = await post('/plus/v1/timeline/save', { name: 'Spec 5.14' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const schedule = [
      { id: setId, period: { start: '2026-01-01', end: '2026-06-30' } },
      { id: setId, days: [0, 6] },
      { id: setId, time: [{ start: '08:00', end: '10:00' }] },
    ];
    const saved = await post('/plus/v1/timeline/save', { id, schedule });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`/plus/v1/timeline/${id}`)).json()).toMatchObject({ scheduleCount: 3, schedule });

    const empty = await post('/plus/v1/timeline/save', { id, schedule: [...schedule, { id: setId }] });
    expect(empty.statusCode).toBe(400);
    expect((await get(`/plus/v1/timeline/${id}`)).json()).toMatchObject({ scheduleCount: 3, schedule });
  });
});

describe('blank names (plus-signage §5)', () => {
  // spec: plus §5.20 — a blank group, content or timeline name changes nothing
  it('creates no group or timeline by a blank name, and renames none of them (nor a content) to one', async () => {
    const groupsBefore = (await get('/plus/v1/content/group')).json() as { id: string; name: string }[];
    expect((await post('/plus/v1/content/group/save', { name: '   ', parent: null, order: 0 })).statusCode).toBe(400);
    const group = (await post('/plus/v1/content/group/save', { name: 'Spec 5.20', parent: null, order: 0 })).json() as { id: string };
    expect((await post('/plus/v1/content/group/save', { id: group.id, name: ' ', parent: null, order: 0 })).statusCode).toBe(400);
    const groupsAfter = (await get('/plus/v1/content/group')).json() as { id: string; name: string }[];
    expect(groupsAfter).toHaveLength(groupsBefore.length + 1);
    expect(groupsAfter.find((g) => g.id === group.id)?.name).toBe('Spec 5.20');
    const [row] = await sut.deps.db
      .select()
      .from(v1ContentGroups)
      .where(eq(v1ContentGroups.id, Number(group.id)));
    expect(row.name).toBe('Spec 5.20');

    const timelinesBefore = await sut.deps.db.select().from(v1Timelines);
    expect((await post('/plus/v1/timeline/save', { name: '  ' })).statusCode).toBe(400);
    expect(await sut.deps.db.select().from(v1Timelines)).toHaveLength(timelinesBefore.length);
    const timeline = (await post('/plus/v1/timeline/save', { name: 'Spec 5.20' })).json() as { id: string };
    expect((await post('/plus/v1/timeline/save', { id: timeline.id, name: '\t' })).statusCode).toBe(400);
    expect((await get(`/plus/v1/timeline/${timeline.id}`)).json().name).toBe('Spec 5.20');

    const contentId = await firstId('/plus/v1/content/list');
    expect(contentId, 'a demo content of the company').toBeDefined();
    const contentName = async () => (await post('/plus/v1/content/list', { draw: 1, start: 0, length: 1 })).json().data[0].name as string;
    const name = await contentName();
    expect((await post('/plus/v1/content/save', { id: contentId, name: '  ' })).statusCode).toBe(400);
    expect(await contentName()).toBe(name);
  });
});
