import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { aliases, productUpdates, products, stores, tags, taskItems, updateTasks, uploadHistory } from '../../server/db/schema/index';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * The product file import at scale (issue 32 §2): set-based batches that write only what changed, update tasks
 * exactly for the changed products on tags, an Idempotency-Key on the upload, values over their alias's length
 * refused by row.
 */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'acme', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['acme']));
}, 600_000);
afterAll(async () => sut?.close());

const upload = (content: string, headers: Record<string, string> = {}, name = 'prices.csv') => {
  const form = multipartBody({}, { name, content });
  return sut.app.inject({
    method: 'POST',
    url: '/api/product/file',
    query: { companyCode: 'ACME' },
    payload: form.payload,
    headers: { ...as.acme, ...form.headers, ...headers },
  });
};
const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
const db = () => sut.deps.db;
const historyCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(uploadHistory)
  )[0].n;
/** Each product's row version (xmin changes with every write of the row), updated_at and history rows. */
async function written(prefix: string) {
  const rows = await db()
    .select({ prCode: products.prCode, xmin: sql<string>`${products}.xmin::text`, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.storeCode, STORE), like(products.prCode, `${prefix}%`)))
    .orderBy(asc(products.prCode));
  const [{ n }] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(productUpdates)
    .where(and(eq(productUpdates.storeCode, STORE), like(productUpdates.prCode, `${prefix}%`)));
  return { rows, history: n };
}

describe('product file import (issue 32)', () => {
  it('writes unchanged rows not at all, and a changed row alone', async () => {
    const line = (i: number, price: number) =>
      csvLine([STORE, `NW-${String(i).padStart(4, '0')}`, 'FOOD', 'STD_PRICE', '', `Steady tea ${i}`, String(price)]);
    // Over two batches of the import (1,000 rows each).
    const file = (changed: number) =>
      `${Array.from({ length: 1500 }, (_, i) => line(i, i === changed ? 999 : 100 + (i % 7))).join('\n')}\n`;
    expect((await upload(file(-1))).json()).toMatchObject({ count: 1500, errorCount: 0 });
    const first = await written('NW-');
    expect(first.rows).toHaveLength(1500);
    expect(first.history).toBe(1500);

    expect((await upload(file(-1))).json()).toMatchObject({ count: 1500, errorCount: 0 });
    expect(await written('NW-')).toEqual(first);

    expect((await upload(file(1234))).json()).toMatchObject({ count: 1500, errorCount: 0 });
    const third = await written('NW-');
    expect(third.history).toBe(1501);
    const rewritten = third.rows.filter(
      (r, i) => r.xmin !== first.rows[i].xmin || r.updatedAt.getTime() !== first.rows[i].updatedAt.getTime(),
    );
    expect(rewritten.map((r) => r.prCode)).toEqual(['NW-1234']);
  }, 120_000);

  it('starts an update task for exactly the tags of the products whose content changed', async () => {
    const shown = await db()
      .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1), isNotNull(tags.prCode)))
      .groupBy(tags.prCode)
      .orderBy(asc(tags.prCode))
      .limit(2);
    const list = await db()
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeCode, STORE),
          inArray(
            products.prCode,
            shown.map((s) => s.prCode!),
          ),
        ),
      )
      .orderBy(asc(products.prCode));
    const row = (p: (typeof list)[number], info: string[]) =>
      csvLine([STORE, p.prCode, p.type ?? '', p.layoutId ?? '', p.nfc ?? '', ...info]);
    const repriced = [...list[0].prInfo];
    repriced[1] = '4321';
    const file = [
      row(list[0], repriced),
      row(list[1], list[1].prInfo),
      csvLine([STORE, 'NW-TASK-NEW', 'FOOD', 'STD_PRICE', '', 'New and on no tag', '10']),
    ].join('\n');
    const tasksBefore = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(updateTasks)
    )[0].n;
    expect((await upload(`${file}\n`)).json()).toMatchObject({ count: 3, errorCount: 0 });

    const [task] = await db()
      .select()
      .from(updateTasks)
      .where(eq(updateTasks.storeCode, STORE))
      .orderBy(sql`${updateTasks.id} desc`)
      .limit(1);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(updateTasks)
      )[0].n,
    ).toBe(tasksBefore + 1);
    // The re-priced product and the new one changed; the repeated one did not.
    expect(task).toMatchObject({ productCount: 2, totalTags: shown[0].n });
    const items = await db()
      .select({ prCode: taskItems.prCode, prInfo: taskItems.prInfo })
      .from(taskItems)
      .where(eq(taskItems.taskId, task.taskId));
    expect(items).toHaveLength(shown[0].n);
    expect(items.every((i) => i.prCode === list[0].prCode && i.prInfo[1] === '4321')).toBe(true);
  });

  it('answers a retried upload with the first answer and imports it once; another file under the key is refused', async () => {
    // A small file (read before the handler) and one over 1 MiB (streamed: its key is claimed after the file is kept).
    const small = `${csvLine([STORE, 'NW-IDEM-1', 'FOOD', 'STD_PRICE', '', 'Retried tea', '150'])}\n`;
    const large = `${Array.from({ length: 20_000 }, (_, i) => csvLine([STORE, `NW-IDEM-L${i}`, 'FOOD', 'STD_PRICE', '', `Retried large ${i}`, '150'])).join('\n')}\n`;
    expect(large.length).toBeGreaterThan(1024 * 1024);
    for (const [key, content] of [
      ['retry-small-0001', small],
      ['retry-large-0001', large],
    ] as const) {
      const histories = await historyCount();
      const first = await upload(content, { 'idempotency-key': key });
      expect(first.statusCode).toBe(200);
      const again = await upload(content, { 'idempotency-key': key });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await historyCount()).toBe(histories + 1);

      const other = await upload(content.replaceAll('150', '160'), { 'idempotency-key': key });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('This Idempotency-Key was used for another request.');
      expect(await historyCount()).toBe(histories + 1);
    }
    const [p] = await db()
      .select({ prInfo: products.prInfo })
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, 'NW-IDEM-L19999')));
    expect(p.prInfo[1]).toBe('150');
  }, 120_000);

  it('refuses a value longer than its alias allows, by row, and keeps the rest of the file', async () => {
    const file = [
      csvLine([STORE, 'NW-LEN-OK', 'FOOD', 'STD_PRICE', '', '緑'.repeat(40), '100']),
      csvLine([STORE, 'NW-LEN-LONG', 'FOOD', 'STD_PRICE', '', '緑'.repeat(41), '100']),
      csvLine([STORE, 'NW-LEN-HUGE', 'FOOD', 'STD_PRICE', '', 'x'.repeat(10_000), '100']),
    ].join('\n');
    const res = await upload(`${file}\n`);
    expect(res.json()).toMatchObject({ count: 3, errorCount: 2 });
    const [h] = await db()
      .select()
      .from(uploadHistory)
      .where(eq(uploadHistory.id, Number(res.json().historyId)));
    expect(h.error).toEqual([
      'Row 2 (NW-LEN-LONG): NAME is longer than 40 characters (41)',
      'Row 3 (NW-LEN-HUGE): NAME is longer than 40 characters (10000)',
    ]);
    const stored = await db().select({ prCode: products.prCode }).from(products).where(like(products.prCode, 'NW-LEN-%'));
    expect(stored.map((p) => p.prCode)).toEqual(['NW-LEN-OK']);
  });

  it("has demo products that all fit their aliases' lengths (the demo file imports)", async () => {
    const over = await db()
      .select({ prCode: products.prCode, alias: aliases.name })
      .from(products)
      .innerJoin(stores, eq(stores.storeCode, products.storeCode))
      .innerJoin(aliases, eq(aliases.companyCode, stores.companyCode))
      .where(sql`char_length(${products.prInfo}->>${aliases.index}) > ${aliases.dataTypeLength} and ${products.prCode} not like 'NW-%'`)
      .limit(5);
    expect(over).toEqual([]);
  });
});
