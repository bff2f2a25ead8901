import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * The downloads of the exceptions screen (console-core §2): each of the five lists downloads through POST
 * /file/download, and the file holds exactly the rows the list (or the stats' NG gateway detail) shows.
 */

let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
});
afterAll(async () => sut?.close());

const post = (url: string, payload?: unknown) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: admin });
const get = (url: string) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });

async function download(body: Record<string, unknown>): Promise<Record<string, string>[]> {
  const started = await post('/file/download', body);
  expect(started.statusCode, started.body).toBe(200);
  const { taskId } = started.json() as { taskId: string };
  for (let i = 0; i < 200; i++) {
    const status = (await post(`/file/download/task/${taskId}`)).json() as { finishedAt?: string; error?: string };
    expect(status.error).toBeUndefined();
    if (status.finishedAt) {
      const file = await get(`/file/download/task/${taskId}`);
      expect(file.statusCode, file.body).toBe(200);
      return Papa.parse<Record<string, string>>(file.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`task ${taskId} did not finish`);
}

const listBarcodes = async (kind: string, store: string) => {
  const res = await get(`/tag/${kind}/store/${store}/list`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { barcode: string }[] }).data.map((r) => r.barcode).sort();
};

describe('exception list downloads', () => {
  it.each([
    ['error', { preset: 'error' }],
    ['noproduct', { preset: 'NoProduct' }],
    ['lowbattery', { table: { filter_battStatus: 'NG', condition_battStatus: '==' } }],
    ['duplicate', { table: { filter_countByPrCode: 2, condition_countByPrCode: '>=' } }],
  ])('the %s tag list file holds exactly the tags of the list', async (kind, filter) => {
    for (const store of ['TKY001', 'TKY002']) {
      const rows = await download({ type: 3, storeCode: store, filter });
      expect(rows.map((r) => r.barcode).sort(), `${kind} ${store}`).toEqual(await listBarcodes(kind, store));
    }
  });

  it('narrows the store file (the gateway list) to the NG gateways of the stats by filter_status', async () => {
    const stats = (await get('/stats/exceptions/store/TKY002')).json() as {
      ngGWs: number;
      ngGWDetail: { gwMac: string; status: string }[];
    };
    expect(stats.ngGWs, 'the test data has NG gateways in TKY002').toBeGreaterThan(0);
    const rows = await download({ type: 2, storeCode: 'TKY002', filter: { table: { filter_status: ['ALARM', 'OFFLINE'] } } });
    expect(rows.map((r) => r.gwMac).sort()).toEqual(stats.ngGWDetail.map((g) => g.gwMac).sort());
    expect(rows.map((r) => r.status).sort()).toEqual(stats.ngGWDetail.map((g) => g.status).sort());

    const one = await download({ type: 2, storeCode: 'TKY002', filter: { table: { filter_status: 'OFFLINE', condition_status: '==' } } });
    expect(one.map((r) => r.gwMac).sort()).toEqual(
      stats.ngGWDetail
        .filter((g) => g.status === 'OFFLINE')
        .map((g) => g.gwMac)
        .sort(),
    );
    const all = await download({ type: 2, storeCode: 'TKY002' });
    expect(all.length).toBeGreaterThan(rows.length);
  });

  it('refuses a store file filter it does not know, before a task exists', async () => {
    const res = await post('/file/download', { type: 2, storeCode: 'TKY002', filter: { table: { filter_gwMac: 'AA' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('filter_gwMac');
    expect(
      (await post('/file/download', { type: 2, storeCode: 'TKY002', filter: { table: { filter_status: 'ALARM', condition_status: '~' } } }))
        .statusCode,
    ).toBe(400);
  });
});
