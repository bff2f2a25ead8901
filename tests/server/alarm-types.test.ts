import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseSystemAlarm } from '../../server/repos/alarms';
import { systemAlarms } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** console-admin §6 numbers two alarm types: 4 (tag update failure) and 5 (low-battery list) — issue 33.8. */
let sut: TestServer;
let as: Record<'admin', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin']));
});
afterAll(async () => sut?.close());

type Row = { location: string; type: string; class: number; data?: string };
const history = async (type: string) => {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/alarm/history',
    headers: as.admin,
    payload: {
      draw: 1,
      start: 0,
      length: 100,
      filter_type: type,
      condition_type: '==',
      filter_location: 'ZZZ001',
      condition_location: '==',
    },
  });
  return (res.json() as { data: Row[] }).data;
};

describe('alarm types as the spec numbers them', () => {
  it('stores and answers a tag update failure as type 4 and a low-battery list change as type 5', async () => {
    await raiseSystemAlarm(sut.deps.db, { type: 'TAG_UPDATE_FAILURE', location: 'ZZZ001', companyCode: 'ACME', data: { count: 3 } });
    await raiseSystemAlarm(sut.deps.db, { type: 'LOW_BATTERY_LIST_CHANGED', location: 'ZZZ001', companyCode: 'ACME', data: { count: 2 } });
    await raiseSystemAlarm(sut.deps.db, { type: 'SERVICE_ABNORMAL', location: 'ZZZ001', companyCode: 'ACME', data: { service: 'stats' } });
    expect((await history('4')).map((r) => r.data)).toEqual(['{"count":3}']);
    expect((await history('5')).map((r) => r.data)).toEqual(['{"count":2}']);
    expect((await history('13')).map((r) => r.data)).toEqual(['{"service":"stats"}']);
  });

  it("keys the seeded alarm config's titles by the same numbers", async () => {
    const config = (await sut.app.inject({ method: 'GET', url: '/api/alarm/config', headers: as.admin })).json() as {
      content: Record<string, { title: string }>;
    };
    expect(config.content['4'].title).toBe('Tag update failure');
    expect(config.content['5'].title).toBe('Low battery list changed');
    expect(config.content['13'].title).toBe('Service abnormal');
  });

  it('moves alarms stored under the earlier codes (13, 14) to 4 and 5, and 4/5 to the service types (migration 0012)', async () => {
    const db = sut.deps.db;
    await db.insert(systemAlarms).values([
      { type: 13, class: 2, location: 'OLD001', data: { was: 'tag update failure' } },
      { type: 4, class: 3, location: 'OLD001', data: { was: 'service abnormal' } },
    ]);
    const migration = readFileSync(new URL('../../server/db/migrations/0012_spec_alarm_types.sql', import.meta.url), 'utf8');
    // Only the system alarm statement: the config is already keyed the new way on this fresh database.
    const statement = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "system_alarms"'))!;
    await db.execute(sql.raw(statement.replace(/^--.*$/gm, '')));
    const rows = await db
      .select()
      .from(systemAlarms)
      .where(sql`${systemAlarms.location} = 'OLD001'`);
    expect(Object.fromEntries(rows.map((r) => [r.type, r.data.was]))).toEqual({ 4: 'tag update failure', 13: 'service abnormal' });
  });
});
