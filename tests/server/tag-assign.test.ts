import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { products, tags, taskItems, updateTasks } from '../../server/db/schema/index';
import { PUSH_TAG_STATUS, type PushMessage } from '../../server/push/hub';
import { login, multipartBody, startTestServer, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;
const pushed: PushMessage[] = [];

beforeAll(async () => {
  sut = await startTestServer();
  sut.deps.push.subscribe((m) => pushed.push(m));
  [admin, operator, viewer] = await Promise.all(
    ['admin@shelfpad.test', 'operator@shelfpad.test', 'viewer@shelfpad.test'].map((e) => login(sut.app, e, PASSWORD)),
  );
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const assignBody = (tagList: unknown[], storeCode = STORE) => ({ taskId: -1, priorTaskId: -1, storeCode, tagList });

/** Tags of a store in a stable order, taken one by one so that tests never share a tag. */
let tagPool: (typeof tags.$inferSelect)[] = [];
let productPool: string[] = [];
async function nextTag(where: 'assigned' | 'blank' = 'assigned') {
  if (!tagPool.length) tagPool = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac));
  const i = tagPool.findIndex((t) => (where === 'assigned' ? t.operation === 1 && t.status === 'OK' : t.prCode === null));
  return tagPool.splice(i, 1)[0];
}
async function nextProduct() {
  if (!productPool.length)
    productPool = (
      await db().select({ c: products.prCode }).from(products).where(eq(products.storeCode, STORE)).orderBy(asc(products.prCode))
    ).map((r) => r.c);
  return productPool.pop()!;
}
const tagRow = async (tagMac: string) => (await db().select().from(tags).where(eq(tags.tagMac, tagMac)))[0];
const snapshot = async () => ({
  tags: await db().select().from(tags).orderBy(asc(tags.tagMac)),
  items: (await db().select({ n: count() }).from(taskItems))[0].n,
  tasks: (await db().select({ n: count() }).from(updateTasks))[0].n,
});
const itemsOf = (tagMac: string) => db().select().from(taskItems).where(eq(taskItems.tagMac, tagMac)).orderBy(asc(taskItems.id));

describe('POST /tag/assign', () => {
  // spec: core §3.15 — assign payload (taskId -1, priorTaskId -1, storeCode, tagList of tagMac, prCode, degree); operation 1 means assigned
  it('stores the product, operation 1, status WIP and a task item, and pushes the tag status', async () => {
    const tag = await nextTag('blank');
    const prCode = await nextProduct();
    const [product] = await db()
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, prCode)));
    pushed.length = 0;
    const before = Date.now();
    const res = await post('/tag/assign', assignBody([{ tagMac: tag.tagMac, prCode, degree: 180 }]));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, assigned: 1, failed: [] });
    const row = await tagRow(tag.tagMac);
    expect(row).toMatchObject({
      prCode,
      operation: 1,
      operationName: 'ASSIGN',
      status: 'WIP',
      degree: 180,
      layoutId: product.layoutId,
      nfc: product.nfc,
    });
    expect(row.updatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const items = await itemsOf(tag.tagMac);
    expect(items.at(-1)).toMatchObject({
      taskId: body.taskId,
      prCode,
      prInfo: product.prInfo,
      status: null,
      storeCode: STORE,
      barcode: tag.barcode,
    });
    const [task] = await db()
      .select()
      .from(updateTasks)
      .where(and(eq(updateTasks.storeCode, STORE), eq(updateTasks.taskId, body.taskId)));
    expect(task).toMatchObject({ totalTags: 1, updatedTags: 0, taskType: 'ASSIGN', endTime: null });
    expect(pushed).toEqual([
      {
        type: PUSH_TAG_STATUS,
        storeCode: STORE,
        data: [{ storeCode: STORE, tagMac: tag.tagMac, barcode: tag.barcode, status: 'WIP', updatedAt: row.updatedAt!.toISOString() }],
      },
    ]);
  });

  // spec: core §3.15 — optional layoutId
  it('resolves a scanned tag id whatever its case and separators, and takes a given layoutId', async () => {
    const tag = await nextTag();
    const prCode = await nextProduct();
    const scanned = tag.barcode.toLowerCase().match(/../g)!.join(':');
    const res = await post('/tag/assign', assignBody([{ tagMac: scanned, prCode, degree: 0, layoutId: 'PROMO_RED' }]));
    expect(res.statusCode).toBe(200);
    expect(await tagRow(tag.tagMac)).toMatchObject({ prCode, layoutId: 'PROMO_RED', degree: 0, status: 'WIP' });
  });

  it('assigns many tags at once', async () => {
    const list = [await nextTag(), await nextTag(), await nextTag()];
    const prCode = await nextProduct();
    const res = await post('/tag/assign', assignBody(list.map((t) => ({ tagMac: t.tagMac, prCode, degree: 0 }))));
    expect(res.json()).toMatchObject({ assigned: 3 });
    for (const t of list) expect((await tagRow(t.tagMac)).prCode).toBe(prCode);
  });

  it('answers an unknown tag with a 404 naming it and changes nothing, even when other entries are fine', async () => {
    const good = await nextTag();
    const prCode = await nextProduct();
    const before = await snapshot();
    const res = await post(
      '/tag/assign',
      assignBody([
        { tagMac: good.tagMac, prCode, degree: 0 },
        { tagMac: 'C4FFFF000001', prCode, degree: 0 },
      ]),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('C4FFFF000001');
    expect(await snapshot()).toEqual(before);
  });

  it('treats a tag of another store as unknown', async () => {
    const [other] = await db().select().from(tags).where(ne(tags.storeCode, STORE)).limit(1);
    const before = await snapshot();
    const res = await post('/tag/assign', assignBody([{ tagMac: other.tagMac, prCode: await nextProduct(), degree: 0 }]));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(other.tagMac);
    expect(await snapshot()).toEqual(before);
  });

  it("answers an unknown product with 404 'This product does not exist' and changes nothing", async () => {
    const [a, b] = [await nextTag(), await nextTag()];
    const before = await snapshot();
    const res = await post(
      '/tag/assign',
      assignBody([
        { tagMac: a.tagMac, prCode: await nextProduct(), degree: 0 },
        { tagMac: b.tagMac, prCode: 'NO-SUCH-CODE', degree: 0 },
      ]),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This product does not exist');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed bodies with 400 and changes nothing', async () => {
    const tag = await nextTag();
    const prCode = await nextProduct();
    const item = { tagMac: tag.tagMac, prCode, degree: 0 };
    const before = await snapshot();
    const bad: unknown[] = [
      { ...assignBody([item]), taskId: '-1' }, // wrong type
      { ...assignBody([{ ...item, degree: '0' }]) },
      { storeCode: STORE, tagList: [item] }, // missing taskId / priorTaskId
      assignBody([{ tagMac: tag.tagMac, degree: 0 }]), // missing prCode
      assignBody([]), // no tags
      assignBody([{ ...item, degree: 90 }]),
      assignBody(Array.from({ length: 10_001 }, () => item)),
      { ...assignBody([item]), extra: true },
      assignBody([{ ...item, color: 'red' }]),
      assignBody([{ ...item, prCode: 'x'.repeat(65) }]),
      assignBody([{ ...item, tagMac: 'C'.repeat(33) }]),
      assignBody([{ ...item, layoutId: 'L'.repeat(129) }]),
      assignBody([{ ...item, tagMac: 'C4 0001' }]),
      assignBody([item], 'TKY 001'),
      [item],
    ];
    for (const payload of bad) {
      const res = await post('/tag/assign', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
    }
    // Two entries for one tag (by MAC and by a lower-case id): the client's mistake.
    const dup = await post('/tag/assign', assignBody([item, { ...item, tagMac: tag.tagMac.toLowerCase() }]));
    expect(dup.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown store with 400', async () => {
    const res = await post('/tag/assign', assignBody([{ tagMac: 'C40001000000', prCode: '1', degree: 0 }], 'NOPE01'));
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /tag/assign/multiple', () => {
  const body = (tagMac: string, prCodeList: string[]) => ({
    taskId: -1,
    priorTaskId: -1,
    storeCode: STORE,
    tagMac,
    prCodeList,
    layoutId: 'MULTI_2',
    degree: 0,
  });

  // spec: core §2.44, core §3.15 — multi assign: prCodeList, nfc, layoutId, degree
  it('keeps the first code on the tag and one task item per code, trimmed, de-duplicated, blanks removed', async () => {
    const tag = await nextTag();
    const [p1, p2] = [await nextProduct(), await nextProduct()];
    const res = await post('/tag/assign/multiple', { ...body(tag.tagMac, [` ${p1} `, '', p2, p1, '  ']), nfc: 'https://shelfpad.test/p' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, assigned: 1 });
    expect(await tagRow(tag.tagMac)).toMatchObject({
      prCode: p1,
      layoutId: 'MULTI_2',
      operation: 1,
      status: 'WIP',
      nfc: 'https://shelfpad.test/p',
    });
    const items = (await itemsOf(tag.tagMac)).filter((i) => i.taskId === res.json().taskId);
    expect(items.map((i) => i.prCode)).toEqual([p1, p2]);
    expect(items.every((i) => i.layoutId === 'MULTI_2' && i.status === null && i.prInfo.length > 0)).toBe(true);
  });

  // spec: core §9.6 — a degree other than 0 or 180 is refused
  it("answers 400 'Enter Product Code, Please!' when only blanks are left, and 404 for an unknown code", async () => {
    const tag = await nextTag();
    const before = await snapshot();
    const blank = await post('/tag/assign/multiple', body(tag.tagMac, ['', '   ']));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter Product Code, Please!');
    const unknown = await post('/tag/assign/multiple', body(tag.tagMac, [await nextProduct(), 'NO-SUCH-CODE']));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This product does not exist');
    const bad = await post('/tag/assign/multiple', { ...body(tag.tagMac, ['1']), degree: 90 });
    expect(bad.statusCode).toBe(400);
    const noLayout = await post('/tag/assign/multiple', { ...body(tag.tagMac, ['1']), layoutId: undefined });
    expect(noLayout.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

const upload = (
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer },
  headers: Record<string, string> = admin,
) => {
  const f = multipartBody(fields, file);
  return sut.app.inject({ method: 'POST', url: '/api/tag/assign/file', payload: f.payload, headers: { ...headers, ...f.headers } });
};

describe('POST /tag/assign/file', () => {
  // spec: core §2.45 — file assign: CSV lines of tag id then product code
  it('assigns every line, a line with only a tag id taking the default code; comments and empty lines skipped', async () => {
    const [a, b, c] = [await nextTag(), await nextTag(), await nextTag()];
    const [p1, def] = [await nextProduct(), await nextProduct()];
    const csv = `\uFEFF# tag id, product code\r\n${a.barcode},${p1}\r\n\r\n${b.barcode.toLowerCase()}\r\n  \r\n${c.tagMac};${p1}\n# end\n`;
    const res = await upload({ storeCode: STORE, defaultPrCode: def }, { name: 'assign.csv', content: csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, assigned: 3, failed: [] });
    expect((await tagRow(a.tagMac)).prCode).toBe(p1);
    expect((await tagRow(b.tagMac)).prCode).toBe(def);
    expect((await tagRow(c.tagMac)).prCode).toBe(p1);
    expect((await tagRow(b.tagMac)).status).toBe('WIP');
  });

  // spec: core §2.45 — a default product code is required
  it("answers 400 'Please enter the Default Product Code.' without a default code", async () => {
    const tag = await nextTag();
    const before = await snapshot();
    for (const fields of [{ storeCode: STORE }, { storeCode: STORE, defaultPrCode: '  ' }] as Record<string, string>[]) {
      const res = await upload(fields, { name: 'a.csv', content: `${tag.barcode},${await nextProduct()}\n` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter the Default Product Code.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed files and forms with 400 and assigns nothing', async () => {
    const [a, b] = [await nextTag(), await nextTag()];
    const p = await nextProduct();
    const before = await snapshot();
    const files = [
      `${a.barcode},${p}\n${b.barcode},${p},extra\n`, // three values
      `${a.barcode},${p}\n"${b.barcode},${p}\n`, // unterminated quote
      `${a.barcode},${p}\nnot a tag id!,${p}\n`,
      '# nothing but comments\n\n',
      Buffer.from([0x43, 0x34, 0x00, 0x01, 0xff, 0x0a]),
    ];
    for (const content of files) {
      const res = await upload({ storeCode: STORE, defaultPrCode: p }, { name: 'a.csv', content });
      expect(res.statusCode, String(content)).toBe(400);
    }
    expect((await upload({ storeCode: STORE, defaultPrCode: p })).statusCode).toBe(400); // no file
    expect(
      (await upload({ storeCode: STORE, defaultPrCode: p, color: 'red' }, { name: 'a.csv', content: `${a.barcode}\n` })).statusCode,
    ).toBe(400);
    expect((await upload({ defaultPrCode: p }, { name: 'a.csv', content: `${a.barcode}\n` })).statusCode).toBe(400);
    const json = await post('/tag/assign/file', { storeCode: STORE, defaultPrCode: p });
    expect(json.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('is atomic: an unknown tag or product on any line assigns nothing', async () => {
    const a = await nextTag();
    const p = await nextProduct();
    const before = await snapshot();
    const unknownTag = await upload({ storeCode: STORE, defaultPrCode: p }, { name: 'a.csv', content: `${a.barcode}\nC4FFFF00ABCD\n` });
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json().message).toContain('C4FFFF00ABCD');
    const unknownProduct = await upload({ storeCode: STORE, defaultPrCode: p }, { name: 'a.csv', content: `${a.barcode},NO-SUCH\n` });
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json().message).toBe('This product does not exist');
    expect(await snapshot()).toEqual(before);
  });

  it('checks the store of the form: the operator may not upload for a store not assigned to it, the viewer not at all', async () => {
    const before = await snapshot();
    const [other] = await db().select().from(tags).where(eq(tags.storeCode, 'SEL001')).limit(1);
    const [otherProduct] = await db().select().from(products).where(eq(products.storeCode, 'SEL001')).limit(1);
    const res = await upload(
      { storeCode: 'SEL001', defaultPrCode: otherProduct.prCode },
      { name: 'a.csv', content: `${other.barcode}\n` },
      operator,
    );
    expect(res.statusCode).toBe(403);
    const view = await upload(
      { storeCode: STORE, defaultPrCode: otherProduct.prCode },
      { name: 'a.csv', content: `${other.barcode}\n` },
      viewer,
    );
    expect(view.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /tag/deassign, /tag/reassign, /tag/reassign/all', () => {
  it('deassigns: no product, operation 0, status WIP, blank layout, a task item; answers the count and pushes', async () => {
    const list = [await nextTag(), await nextTag()];
    pushed.length = 0;
    const res = await post('/tag/deassign', { storeCode: STORE, tagList: [...list.map((t) => t.barcode), list[0].tagMac.toLowerCase()] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, count: 2 });
    for (const t of list) {
      expect(await tagRow(t.tagMac)).toMatchObject({
        prCode: null,
        operation: 0,
        operationName: 'DEASSIGN',
        status: 'WIP',
        layoutId: 'no_product',
        nfc: null,
      });
      expect((await itemsOf(t.tagMac)).at(-1)).toMatchObject({ prCode: null, layoutId: 'no_product', status: null, prInfo: [] });
    }
    expect(pushed).toHaveLength(1);
    expect((pushed[0].data as { tagMac: string }[]).map((d) => d.tagMac).sort()).toEqual(list.map((t) => t.tagMac).sort());
  });

  it('deassign with an unknown tag answers 404 and changes nothing', async () => {
    const before = await snapshot();
    const res = await post('/tag/deassign', { storeCode: STORE, tagList: [(await nextTag()).tagMac, 'C4FFFF000009'] });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await post('/tag/deassign', { storeCode: STORE, tagList: [] })).statusCode).toBe(400);
  });

  it('reassigns the listed tags: same product, status WIP, a task item with the product info', async () => {
    const tag = await nextTag();
    const res = await post('/tag/reassign', { storeCode: STORE, tagList: [tag.tagMac] });
    expect(res.json()).toMatchObject({ success: true, count: 1 });
    expect(await tagRow(tag.tagMac)).toMatchObject({
      prCode: tag.prCode,
      operation: 1,
      operationName: tag.operationName,
      layoutId: tag.layoutId,
      status: 'WIP',
    });
    const item = (await itemsOf(tag.tagMac)).at(-1)!;
    expect(item).toMatchObject({ prCode: tag.prCode, status: null });
    expect(item.prInfo.length).toBeGreaterThan(0);
  });

  it('reassign/all sets WIP on exactly the assigned tags of the store, with one task', async () => {
    const store = 'TKY002';
    const before = await db().select().from(tags).orderBy(asc(tags.tagMac));
    const assigned = before.filter((t) => t.storeCode === store && t.operation === 1);
    const itemsBefore = (await db().select({ n: count() }).from(taskItems).where(eq(taskItems.storeCode, store)))[0].n;
    const res = await post('/tag/reassign/all', { storeCode: store });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, count: assigned.length });
    const after = await db().select().from(tags).orderBy(asc(tags.tagMac));
    const changed = after.filter((t, i) => JSON.stringify(t) !== JSON.stringify(before[i]));
    expect(changed.map((t) => t.tagMac)).toEqual(assigned.map((t) => t.tagMac));
    expect(changed.every((t) => t.status === 'WIP' && t.prCode === before.find((b) => b.tagMac === t.tagMac)!.prCode)).toBe(true);
    const itemsAfter = (
      await db()
        .select({ n: count() })
        .from(taskItems)
        .where(and(eq(taskItems.storeCode, store), isNull(taskItems.status)))
    )[0].n;
    expect(itemsAfter).toBeGreaterThanOrEqual(assigned.length);
    expect((await db().select({ n: count() }).from(taskItems).where(eq(taskItems.storeCode, store)))[0].n).toBe(
      itemsBefore + assigned.length,
    );
    const [task] = await db()
      .select()
      .from(updateTasks)
      .where(and(eq(updateTasks.storeCode, store), eq(updateTasks.taskType, 'REASSIGN')));
    expect(task.totalTags).toBe(assigned.length);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, store), eq(taskItems.taskId, task.taskId)));
    expect(n).toBe(assigned.length);
  });
});

describe('privileges of the tag writes', () => {
  it('the viewer gets 403 on every write and nothing changes', async () => {
    const tag = await nextTag();
    const prCode = await nextProduct();
    const before = await snapshot();
    const calls: [string, unknown][] = [
      ['/tag/assign', assignBody([{ tagMac: tag.tagMac, prCode, degree: 0 }])],
      [
        '/tag/assign/multiple',
        { taskId: -1, priorTaskId: -1, storeCode: STORE, tagMac: tag.tagMac, prCodeList: [prCode], layoutId: 'L', degree: 0 },
      ],
      ['/tag/deassign', { storeCode: STORE, tagList: [tag.tagMac] }],
      ['/tag/reassign', { storeCode: STORE, tagList: [tag.tagMac] }],
      ['/tag/reassign/all', { storeCode: STORE }],
      ['/tag/status/check', { storeCode: STORE, cmd: 'TAG_STATUS_CHECK', tagList: [] }],
      ['/tag/status/check/stop', { storeCode: STORE }],
      ['/tag/led', { storeCode: STORE, tagList: [tag.tagMac] }],
    ];
    for (const [url, payload] of calls) expect((await post(url, payload, viewer)).statusCode, url).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('the operator writes in its stores and gets 403 for a store not assigned to it', async () => {
    const [other] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, 'SEL001'), eq(tags.operation, 1)))
      .limit(1);
    const before = await snapshot();
    const res = await post('/tag/assign', assignBody([{ tagMac: other.tagMac, prCode: other.prCode, degree: 0 }], 'SEL001'), operator);
    expect(res.statusCode).toBe(403);
    expect((await post('/tag/reassign/all', { storeCode: 'SEL001' }, operator)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const tag = await nextTag();
    const ok = await post('/tag/assign', assignBody([{ tagMac: tag.tagMac, prCode: tag.prCode, degree: 0 }]), operator);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses calls without a session', async () => {
    expect((await post('/tag/deassign', { storeCode: STORE, tagList: ['C40001000000'] }, {})).statusCode).toBe(401);
  });
});
