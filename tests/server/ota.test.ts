import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { collectingItems, firmwares, otaDetails, otaTasks, tags } from '../../server/db/schema/index';
import { parseFirmware } from '../../server/lib/firmware-header';
import { startSimulator, type Simulator } from '../../server/sim/index';
import type { OtaDetailRow, OtaTask } from '../../contract/schemas/ota';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { FIRMWARE, firmwareFile, gatewaysOf, otaForm, startFields } from './ota-helpers';

/** OTA (console-admin §3, §5, §7, §8): firmware parse, start validation, the simulated job, stop, privileges. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'viewer' | 'operator', AuthHeaders>;
let sim: Simulator;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator']));
  sut.deps.config.dataDir = await mkdtemp(join(tmpdir(), 'shelfpad-ota-'));
  sim = startSimulator(sut.deps, {
    seed: 3,
    speed: 1,
    manual: true,
    modules: ['ota'],
    onError: (_w, e) => {
      throw e;
    },
  });
});
afterAll(async () => {
  sim.stop();
  await sut.close();
});

const parse = (who: AuthHeaders, file?: { name: string; content: Buffer }, fields: Record<string, string> = {}) => {
  const form = otaForm(fields, file);
  return sut.app.inject({ method: 'POST', url: '/api/ota/firmware/parse', headers: { ...who, ...form.headers }, payload: form.payload });
};
const start = (
  who: AuthHeaders,
  fields: Record<string, string>,
  file: { name: string; content: Buffer } | null = { name: 'tag-fw-0500.bin', content: firmwareFile() },
  store = STORE,
) => {
  const form = otaForm(fields, file ?? undefined);
  return sut.app.inject({
    method: 'POST',
    url: `/api/ota/store/${store}/start`,
    headers: { ...who, ...form.headers },
    payload: form.payload,
  });
};
const post = (who: AuthHeaders, url: string, payload: object) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const taskCount = async () => (await sut.deps.db.select({ n: count() }).from(otaTasks))[0].n;
const history = async (who = as.acme) =>
  (await post(who, `/ota/history/store/${STORE}`, { draw: 1, start: 0, length: 25 })).json() as { data: OtaTask[]; recordsTotal: number };

describe('firmware header', () => {
  // spec: admin §7.21 — parse firmware file answers ota_type, fw_version, target_start_version, target_end_version, target_check_sum
  it('answers the header fields of a valid file', async () => {
    const res = await parse(as.acme, { name: 'fw.bin', content: firmwareFile() }, { fwName: 'fw.bin' });
    expect(res.statusCode).toBe(200);
    const header = parseFirmware(firmwareFile());
    expect(res.json()).toEqual({
      ota_type: 3,
      fw_version: 0x0500,
      target_start_version: 0x0300,
      target_end_version: 0x0412,
      target_check_sum: header.checkSum,
    });
  });

  it('refuses a tampered payload, a malformed header, a wrong extension and no file, each with its own message', async () => {
    const tampered = firmwareFile();
    tampered[100] ^= 0xff;
    const bad = await parse(as.acme, { name: 'fw.bin', content: tampered });
    expect([bad.statusCode, bad.json().code, bad.json().message]).toEqual([
      400,
      'FIRMWARE_CHECKSUM',
      'The firmware payload does not match its checksum.',
    ]);
    const header = firmwareFile();
    header[9] ^= 0x01;
    expect((await parse(as.acme, { name: 'fw.bin', content: header })).json().message).toBe(
      'The firmware header is damaged (header checksum mismatch).',
    );
    expect(
      (await parse(as.acme, { name: 'fw.bin', content: Buffer.from('not a firmware file at all, just text......') })).json().code,
    ).toBe('FIRMWARE_MALFORMED');
    expect((await parse(as.acme, { name: 'fw.bin', content: firmwareFile().subarray(0, 40) })).json().message).toMatch(
      /payload is 8 bytes; its header says 2048/,
    );
    expect((await parse(as.acme, { name: 'fw.img', content: firmwareFile() })).json().message).toBe('please check the file extension');
    const none = await parse(as.acme);
    expect([none.statusCode, none.json().message]).toEqual([400, 'firmware file not exist']);
  });
});

describe('start validation', () => {
  it('answers the console messages and starts nothing', async () => {
    const gws = await gatewaysOf(sut.deps.db, STORE, 2);
    const cases: [Record<string, string>, { name: string; content: Buffer } | null, string][] = [
      [startFields(gws, { otaTransmissionTime: '255' }), null, 'transmission time must be between 0 and 255.'],
      [startFields(gws, { otaTransmissionTime: '0' }), null, 'transmission time must be between 0 and 255.'],
      [startFields([]), null, 'No gateway has checked'],
      [startFields(gws), null, 'firmware file not exist'],
      [startFields(gws, { repeatCnt: '' }), { name: 'fw.bin', content: firmwareFile() }, 'please input a repeatCnt'],
      [startFields(gws, { fwName: 'fw.zip' }), { name: 'fw.zip', content: firmwareFile() }, 'please check the file extension'],
    ];
    for (const [fields, file, message] of cases) {
      const res = await start(as.acme, fields, file);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await taskCount()).toBe(0);
  });

  it('refuses a tampered firmware file: no task, no firmware row, no collecting item', async () => {
    const gws = await gatewaysOf(sut.deps.db, STORE, 2);
    const tampered = firmwareFile();
    tampered[tampered.length - 1] ^= 0x55;
    const res = await start(as.acme, startFields(gws), { name: 'tag-fw-0500.bin', content: tampered });
    expect([res.statusCode, res.json().code]).toEqual([400, 'FIRMWARE_CHECKSUM']);
    expect(await taskCount()).toBe(0);
    expect((await sut.deps.db.select({ n: count() }).from(firmwares))[0].n).toBe(0);
    expect((await sut.deps.db.select({ n: count() }).from(collectingItems).where(eq(collectingItems.kind, 'ota')))[0].n).toBe(0);
  });

  it('refuses fields that contradict the header, and gateways of another store', async () => {
    const gws = await gatewaysOf(sut.deps.db, STORE, 1);
    expect((await start(as.acme, startFields(gws, { tagVersion: '1' }))).json().code).toBe('OTA_HEADER_MISMATCH');
    expect((await start(as.acme, startFields(gws, { endVersion: String(0x0500) }))).json().code).toBe('OTA_TARGET_RANGE');
    const other = await gatewaysOf(sut.deps.db, 'TKY002', 1);
    expect((await start(as.acme, startFields(other))).json().code).toBe('OTA_UNKNOWN_GATEWAY');
    expect(await taskCount()).toBe(0);
  });
});

describe('privileges', () => {
  it("needs store_config write to start and read to look; only in the member's stores", async () => {
    const gws = await gatewaysOf(sut.deps.db, STORE, 1);
    expect((await start(as.viewer, startFields(gws))).statusCode).toBe(403);
    expect((await start(as.operator, startFields(gws))).statusCode).toBe(403);
    expect((await start(as.nord, startFields(gws))).statusCode).toBe(403);
    expect((await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/status`, headers: as.viewer })).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/status`, headers: as.nord })).statusCode).toBe(403);
    expect((await post(as.operator, `/ota/history/store/${STORE}`, { draw: 1, start: 0, length: 25 })).statusCode).toBe(403);
    const stores = (await sut.app.inject({ method: 'GET', url: '/api/ota/store', headers: as.nord })).json() as { storeCode: string }[];
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => ['LON001', 'BER001', 'PAR001', 'NYC001', 'CHI001', 'SAO001'].includes(s.storeCode))).toBe(true);
    expect(await taskCount()).toBe(0);
  });
});

describe('an OTA job', () => {
  // spec: admin §7.21, admin §3.19 — start per store answers "ok" plus data; status; history and detail rows (result -1 in progress, endTime -1)
  it('runs through two gateways: versions change, results and progress fill in, the task and its collecting item end', async () => {
    const db = sut.deps.db;
    const gws = await gatewaysOf(db, STORE, 2);
    const gwTable = (await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/gw`, headers: as.acme })).json() as {
      gwMac: string;
      tagCount: number;
    }[];
    expect(gwTable.map((g) => g.gwMac)).toEqual(expect.arrayContaining(gws.map((g) => g.gwMac)));
    // Only the 0x0410 tags: the target range picks them out of the gateways' tags.
    const fields = startFields(gws, {
      startVersion: String(0x0410),
      endVersion: String(0x0410),
      otaStartTime: '20',
      otaTransmissionTime: '10',
      otaSleepMinTime: '1',
      otaSleepDistTime: '1',
    });
    const macs = gws.map((g) => g.gwMac);
    const targets = await db
      .select({ tagMac: tags.tagMac })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), inArray(tags.gwMac, macs), eq(tags.version, 0x0410)));
    const others = await db
      .select({ tagMac: tags.tagMac, version: tags.version })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), sql`${tags.version} <> ${0x0410}`));
    expect(targets.length).toBeGreaterThan(0);

    const res = await start(as.acme, fields);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { message: string; data: { taskId: string; totalTags: number } };
    expect(answer.message).toBe('ok');
    expect(answer.data.totalTags).toBe(targets.length);
    const again = await start(as.acme, fields);
    expect([again.statusCode, again.json().code]).toEqual([409, 'OTA_RUNNING']);

    const status = (await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/status`, headers: as.acme })).json() as {
      running: boolean;
      task: OtaTask;
    };
    expect(status.running).toBe(true);
    expect(status.task.endTime).toBe(-1);
    expect(status.task.gwResult.map((g) => g.gwMac).sort()).toEqual([...macs].sort());
    const [item] = await db.select().from(collectingItems).where(eq(collectingItems.kind, 'ota'));
    expect([item.cmd, item.total, item.finishedAt]).toEqual(['OTA', targets.length, null]);
    const stores = (await sut.app.inject({ method: 'GET', url: '/api/ota/store', headers: as.acme })).json() as {
      storeCode: string;
      running: boolean;
      gatewayCount: number;
    }[];
    expect(stores.filter((s) => s.running).map((s) => s.storeCode)).toEqual([STORE]);
    expect(stores.find((s) => s.storeCode === STORE)?.gatewayCount).toBe(gwTable.length);

    const detailOf = async () =>
      (await post(as.acme, `/ota/history/store/${STORE}/task/${answer.data.taskId}`, { draw: 1, start: 0, length: 500 })).json() as {
        data: OtaDetailRow[];
        recordsTotal: number;
      };
    const before = await detailOf();
    expect(before.recordsTotal).toBe(targets.length);
    expect(before.data.every((d) => d.result === -1 && d.version === 0x0410)).toBe(true);

    await sim.advance(60_000);
    const [task] = (await history()).data;
    expect(task.taskId).toBe(answer.data.taskId);
    expect([task.progress, task.updatedTags, task.totalTags]).toEqual([100, targets.length, targets.length]);
    expect(task.endTime).not.toBe(-1);
    expect(task.gwResult.every((g) => g.finished && g.done === g.total)).toBe(true);
    expect([task.fileName, task.tagVersion, task.startVersion, task.endVersion, task.otaType]).toEqual([
      'tag-fw-0500.bin',
      0x0500,
      0x0410,
      0x0410,
      FIRMWARE.otaType,
    ]);
    const after = await detailOf();
    expect(after.data.filter((d) => d.result === 1).every((d) => d.version === 0x0500 && d.endTime !== null)).toBe(true);
    expect(after.data.every((d) => d.result !== -1)).toBe(true);
    const updated = after.data.filter((d) => d.result === 1).map((d) => d.tagMac);
    const versions = await db.select({ version: tags.version }).from(tags).where(inArray(tags.tagMac, updated));
    expect(versions.every((v) => v.version === 0x0500)).toBe(true);
    // Tags outside the range (or the gateways) kept their versions.
    const othersNow = await db
      .select({ tagMac: tags.tagMac, version: tags.version })
      .from(tags)
      .where(
        inArray(
          tags.tagMac,
          others.map((o) => o.tagMac),
        ),
      );
    expect(new Map(othersNow.map((o) => [o.tagMac, o.version]))).toEqual(new Map(others.map((o) => [o.tagMac, o.version])));
    const [done] = await db.select().from(collectingItems).where(eq(collectingItems.id, item.id));
    expect(done.finishedAt).not.toBeNull();
    expect((await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/status`, headers: as.acme })).json().running).toBe(false);
  });

  // spec: admin §7.21 — refresh ({storeCode, otaTaskId}), gateway finish ({storeCode, taskId, gwMac}), stop with info
  it("refresh recounts, gateway finish ends that gateway's waiting tags, otaStop halts the job with its collecting item", async () => {
    const db = sut.deps.db;
    const gws = await gatewaysOf(db, STORE, 2);
    const res = await start(as.acme, startFields(gws));
    const { taskId } = res.json().data as { taskId: string };
    const refreshed = (await post(as.acme, '/ota/refresh', { storeCode: STORE, otaTaskId: taskId })).json() as OtaTask;
    expect([refreshed.progress, refreshed.endTime]).toEqual([0, -1]);
    expect((await post(as.acme, '/ota/refresh', { storeCode: 'TKY002', otaTaskId: taskId })).statusCode).toBe(404);

    const finish = await post(as.acme, '/ota/gw/finish', { storeCode: STORE, taskId, gwMac: gws[0].gwMac });
    expect(finish.statusCode).toBe(200);
    const mid = (await post(as.acme, '/ota/refresh', { storeCode: STORE, otaTaskId: taskId })).json() as OtaTask;
    const first = mid.gwResult.find((g) => g.gwMac === gws[0].gwMac)!;
    expect([first.finished, first.done]).toEqual([true, first.total]);
    expect(mid.endTime).toBe(-1);
    expect((await post(as.acme, '/ota/gw/finish', { storeCode: STORE, taskId, gwMac: 'AABBCCDDEEFF' })).statusCode).toBe(404);

    const [item] = await db
      .select()
      .from(collectingItems)
      .where(sql`${collectingItems.kind} = 'ota' and ${collectingItems.finishedAt} is null`);
    const stop = await post(as.acme, '/ota/stop', { storeCode: STORE, info: { cmd: 'OTA', companyCode: 'ACME', _id: String(item.id) } });
    expect(stop.statusCode).toBe(200);
    const [task] = await db
      .select()
      .from(otaTasks)
      .where(eq(otaTasks.id, Number(taskId)));
    expect(task.stoppedAt).not.toBeNull();
    expect((await db.select().from(collectingItems).where(eq(collectingItems.id, item.id)))[0].stoppedAt).not.toBeNull();
    expect(
      (
        await db
          .select({ n: count() })
          .from(otaDetails)
          .where(and(eq(otaDetails.otaTaskId, task.id), eq(otaDetails.result, -1)))
      )[0].n,
    ).toBe(0);
    expect((await post(as.acme, '/ota/stop', { storeCode: STORE, info: {} })).statusCode).toBe(404);
    await sim.advance(5_000);
    expect((await db.select().from(otaTasks).where(eq(otaTasks.id, task.id)))[0].updatedTags).toBe(task.updatedTags);
  });

  it('stopping its collecting item from the header stops the OTA job', async () => {
    const db = sut.deps.db;
    const res = await start(as.admin, startFields(await gatewaysOf(db, STORE, 1)));
    const taskId = Number(res.json().data.taskId);
    const [task] = await db.select().from(otaTasks).where(eq(otaTasks.id, taskId));
    const stop = await post(as.acme, '/collecting/stop', { storeCode: STORE, cmd: 'OTA', _id: String(task.collectingItemId) });
    expect(stop.statusCode).toBe(200);
    const [after] = await db.select().from(otaTasks).where(eq(otaTasks.id, taskId));
    expect(after.stoppedAt).not.toBeNull();
    expect(after.endTime).not.toBeNull();
    expect((await sut.app.inject({ method: 'GET', url: `/api/ota/store/${STORE}/status`, headers: as.acme })).json().running).toBe(false);
  });

  // spec: admin §7.21 — OTA history as a POST table query
  it('history is a table query: filters and the date range apply', async () => {
    const all = await history();
    expect(all.recordsTotal).toBe(3);
    const done = (
      await post(as.acme, `/ota/history/store/${STORE}`, { draw: 1, start: 0, length: 25, filter_progress: 100, condition_progress: '==' })
    ).json();
    expect(done.recordsFiltered).toBe(1);
    const hex = (
      await post(as.acme, `/ota/history/store/${STORE}`, {
        draw: 1,
        start: 0,
        length: 25,
        filter_startVersion: '410',
        condition_startVersion: '==',
      })
    ).json();
    expect(hex.recordsFiltered).toBe(1);
    expect((await post(as.acme, `/ota/history/store/TKY002`, { draw: 1, start: 0, length: 25 })).json().recordsTotal).toBe(0);
  });
});
