import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { plusDevices, plusHistory, products, tags, taskItems, updateTasks } from '../../server/db/schema/index';
import { tagsEndpoints } from '../../contract/endpoints/tags';
import { plusEndpoints } from '../../contract/endpoints/plus';
import type { EndpointDef } from '../../contract/endpoints/define';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let acme: AuthHeaders;
let nord: AuthHeaders;
let NORD_STORE: string;

beforeAll(async () => {
  sut = await startTestServer();
  [admin, acme, nord] = await Promise.all(
    ['admin@shelfpad.test', 'acme-admin@shelfpad.test', 'nord-admin@shelfpad.test'].map((e) => login(sut.app, e, 'Shelfpad#2026')),
  );
  NORD_STORE = (await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers: nord })).json().store[0];
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
let keyNo = 0;
const newKey = () => `test-key-${Date.now()}-${++keyNo}`;
const post = (url: string, payload: unknown, key?: string, headers: Record<string, string> = admin) =>
  sut.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as object,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
const counts = async () => ({
  items: (await db().select({ n: count() }).from(taskItems))[0].n,
  tasks: (await db().select({ n: count() }).from(updateTasks))[0].n,
});
let pool: (typeof tags.$inferSelect)[] = [];
async function nextTag() {
  if (!pool.length)
    pool = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1)))
      .orderBy(asc(tags.tagMac));
  return pool.shift()!;
}
const assign = (tag: { tagMac: string; prCode: string | null }, prCode = tag.prCode!) => ({
  taskId: -1,
  priorTaskId: -1,
  storeCode: STORE,
  tagList: [{ tagMac: tag.tagMac, prCode, degree: 0 }],
});

describe('Idempotency-Key on the replayable writes', () => {
  it('declares exactly the handheld writes idempotent (blink and LED are never queued)', () => {
    const idempotent = [
      tagsEndpoints.tagAssign,
      tagsEndpoints.tagAssignMultiple,
      tagsEndpoints.tagAssignFile,
      tagsEndpoints.tagDeassign,
      tagsEndpoints.tagReassign,
      plusEndpoints.plusAssign,
      plusEndpoints.plusDeassign,
    ];
    for (const def of idempotent) expect(def.idempotent, def.path).toBe(true);
    for (const def of [tagsEndpoints.tagLed, plusEndpoints.plusBlink] as EndpointDef[]) expect(def.idempotent, def.path).toBeUndefined();
  });

  it('replays the same assign: same body, Idempotent-Replayed: true, no second task item', async () => {
    const tag = await nextTag();
    const key = newKey();
    const first = await post('/tag/assign', assign(tag), key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await counts();
    const itemsOfTag = (await db().select().from(taskItems).where(eq(taskItems.tagMac, tag.tagMac))).length;
    const replay = await post('/tag/assign', assign(tag), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await counts()).toEqual(after);
    expect((await db().select().from(taskItems).where(eq(taskItems.tagMac, tag.tagMac))).length).toBe(itemsOfTag);
    // Without a key the same call is a new assign.
    const again = await post('/tag/assign', assign(tag));
    expect(again.json().taskId).not.toBe(first.json().taskId);
  });

  it('replays a 4xx answer as well: the replayed unknown tag stays a 404', async () => {
    const key = newKey();
    const first = await post('/tag/assign', assign({ tagMac: 'C4FFFF000000', prCode: '1' }), key);
    expect(first.statusCode).toBe(404);
    const replay = await post('/tag/assign', assign({ tagMac: 'C4FFFF000000', prCode: '1' }), key);
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });

  it('refuses the same key on another path with 400', async () => {
    const tag = await nextTag();
    const key = newKey();
    expect((await post('/tag/assign', assign(tag), key)).statusCode).toBe(200);
    const before = await counts();
    const otherPath = await post('/tag/reassign', { storeCode: STORE, tagList: [tag.tagMac] }, key);
    expect(otherPath.statusCode).toBe(400);
    expect(otherPath.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await counts()).toEqual(before);
  });

  it("scopes keys per member: NORD's key neither blocks ACME's nor replays NORD's answer to ACME", async () => {
    const key = newKey();
    const [nordTag] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, NORD_STORE), eq(tags.operation, 1)))
      .limit(1);
    const [nordProduct] = await db().select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, NORD_STORE)).limit(1);
    const nordBody = {
      taskId: -1,
      priorTaskId: -1,
      storeCode: NORD_STORE,
      tagList: [{ tagMac: nordTag.tagMac, prCode: nordProduct.prCode, degree: 0 }],
    };
    const nordFirst = await post('/tag/assign', nordBody, key, nord);
    expect(nordFirst.statusCode, nordFirst.body).toBe(200);
    // ACME's own request under the same key is carried out as a new one.
    const tag = await nextTag();
    const before = await counts();
    const acmeFirst = await post('/tag/assign', assign(tag), key, acme);
    expect(acmeFirst.statusCode, acmeFirst.body).toBe(200);
    expect(acmeFirst.headers['idempotent-replayed']).toBeUndefined();
    expect(acmeFirst.json().taskId).not.toBe(nordFirst.json().taskId);
    expect((await counts()).items).toBeGreaterThan(before.items);
    // Each member's replay answers its own first answer.
    const acmeReplay = await post('/tag/assign', assign(tag), key, acme);
    expect(acmeReplay.headers['idempotent-replayed']).toBe('true');
    expect(acmeReplay.json()).toEqual(acmeFirst.json());
    const nordReplay = await post('/tag/assign', nordBody, key, nord);
    expect(nordReplay.headers['idempotent-replayed']).toBe('true');
    expect(nordReplay.json()).toEqual(nordFirst.json());
  });

  it('refuses the same key with a different body on the same path with 400 and assigns nothing more', async () => {
    const [a, b] = [await nextTag(), await nextTag()];
    const key = newKey();
    expect((await post('/tag/assign', assign(a), key)).statusCode).toBe(200);
    const before = await counts();
    const other = await post('/tag/assign', assign(b), key);
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await counts()).toEqual(before);
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const tag = await nextTag();
    const before = await counts();
    expect((await post('/tag/assign', assign(tag), 'short')).statusCode).toBe(400);
    expect((await post('/tag/assign', assign(tag), 'has spaces in it')).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('replays deassign, multi assign and the Plus assign', async () => {
    const tag = await nextTag();
    const key1 = newKey();
    const d1 = await post('/tag/deassign', { storeCode: STORE, tagList: [tag.tagMac] }, key1);
    const before = await counts();
    const d2 = await post('/tag/deassign', { storeCode: STORE, tagList: [tag.tagMac] }, key1);
    expect(d2.headers['idempotent-replayed']).toBe('true');
    expect(d2.json()).toEqual(d1.json());
    expect(await counts()).toEqual(before);

    const [p] = await db().select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, STORE)).limit(1);
    const multi = { taskId: -1, priorTaskId: -1, storeCode: STORE, tagMac: tag.tagMac, prCodeList: [p.prCode], layoutId: 'L1', degree: 0 };
    const key2 = newKey();
    const m1 = await post('/tag/assign/multiple', multi, key2);
    const afterMulti = await counts();
    const m2 = await post('/tag/assign/multiple', multi, key2);
    expect(m2.headers['idempotent-replayed']).toBe('true');
    expect(m2.json()).toEqual(m1.json());
    expect(await counts()).toEqual(afterMulti);

    const [device] = await db().select().from(plusDevices).where(eq(plusDevices.storeCode, STORE)).limit(1);
    const key3 = newKey();
    const history = async () => (await db().select({ n: count() }).from(plusHistory))[0].n;
    const body = { storeCode: STORE, devList: [{ mac: device.mac.toUpperCase(), product: [p.prCode] }] };
    const a1 = await post(`/plus/store/${STORE}/assign`, body, key3);
    expect(a1.statusCode).toBe(200);
    const h = await history();
    const a2 = await post(`/plus/store/${STORE}/assign`, body, key3);
    expect(a2.headers['idempotent-replayed']).toBe('true');
    expect(a2.json()).toEqual(a1.json());
    expect(await history()).toBe(h);
  });

  const csvForm = (fields: Record<string, string>, csv: string, boundary = 'idem-boundary') =>
    Buffer.from(
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
  const upload = (payload: Buffer, key: string, boundary = 'idem-boundary') =>
    sut.app.inject({
      method: 'POST',
      url: '/api/tag/assign/file',
      payload,
      headers: { ...admin, 'idempotency-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });

  it('replays the CSV file assign', async () => {
    const tag = await nextTag();
    const payload = csvForm({ storeCode: STORE, defaultPrCode: tag.prCode! }, tag.barcode);
    const key = newKey();
    const first = await upload(payload, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts();
    // The same form sent with another boundary is the same request.
    const replay = await upload(
      csvForm({ storeCode: STORE, defaultPrCode: tag.prCode! }, tag.barcode, 'other-boundary'),
      key,
      'other-boundary',
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it('refuses the same key with another CSV file (or another field) with 400 and assigns nothing from it', async () => {
    const [a, b] = [await nextTag(), await nextTag()];
    const key = newKey();
    expect((await upload(csvForm({ storeCode: STORE, defaultPrCode: a.prCode! }, a.barcode), key)).statusCode).toBe(200);
    const before = await counts();
    const otherFile = await upload(csvForm({ storeCode: STORE, defaultPrCode: a.prCode! }, b.barcode), key);
    expect(otherFile.statusCode).toBe(400);
    expect(otherFile.json().code).toBe('IDEMPOTENCY_MISMATCH');
    const otherField = await upload(csvForm({ storeCode: STORE, defaultPrCode: b.prCode! }, a.barcode), key);
    expect(otherField.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('ignores the header on the calls that are never queued (LED, blink)', async () => {
    const tag = await nextTag();
    const key = newKey();
    const first = await post('/tag/led', { storeCode: STORE, tagList: [tag.tagMac] }, key);
    const second = await post('/tag/led', { storeCode: STORE, tagList: [tag.tagMac] }, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });
});
