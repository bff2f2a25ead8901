import { sql } from 'drizzle-orm';
import { NO_PRODUCT_LAYOUT_MARK } from '../../contract/schemas/constants-core';
import type { Db } from '../db/client';
import { products, taskItems, tags, updateTasks } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import { findProducts, requireProducts, type ProductRef } from './products';
import { requireTags, type TagRef } from './tags';
import { rowsOf } from '../lib/rows';

/** What the push channel carries per tag (type 2), the simulator's TagStatusChange. */
export interface TagStatusChange {
  storeCode: string;
  tagMac: string;
  barcode: string;
  status: 'WIP';
  updatedAt: string;
}

export interface SendResult {
  taskId: string;
  count: number;
  changes: TagStatusChange[];
}

interface Scope {
  storeCode: string;
  companyCode: string;
  now: Date;
}

/** One tag's new content. */
interface SendItem {
  tag: TagRef;
  prCode: string | null;
  layoutId: string | null;
  degree: number;
  nfc: string | null;
  operation: number;
  /** null keeps the tag's current operation name (a reassign does not change what the tag is). */
  operationName: string | null;
  /** The products the page shows: one task item each (several for a multi assign); none draws a blank page. */
  shown: ProductRef[];
}

export type TaskType = 'ASSIGN' | 'DEASSIGN' | 'REASSIGN';

const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;
const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * A new update task (the /task list and the simulator's progress count): taskId in the seed's style
 * '<store>-<yyyymmdd>-<n>', and internalTaskId the row id, so that the task detail link is shown and refresh
 * finds it.
 */
async function newTaskId(db: Db, scope: Scope): Promise<{ id: number; taskId: string }> {
  const [row] = rowsOf<{ id: string | number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('update_tasks', 'id')) as id`));
  const id = Number(row.id);
  return { id, taskId: `${scope.storeCode}-${day(scope.now)}-${id}` };
}

/** Writes the new content of the tags (status WIP, so that the radio sends it), their task items and the task. */
async function sendToTags(db: Db, scope: Scope, taskType: TaskType, items: SendItem[]): Promise<SendResult> {
  const { storeCode, companyCode, now } = scope;
  const { id, taskId } = await newTaskId(db, scope);
  const layouts = new Set(items.map((i) => i.layoutId));
  const shownCodes = new Set(items.flatMap((i) => (i.shown.length ? i.shown.map((p) => p.prCode) : i.prCode ? [i.prCode] : [])));
  await db.insert(updateTasks).values({
    id,
    taskId,
    internalTaskId: id,
    companyCode,
    storeCode,
    taskType,
    layoutId: layouts.size === 1 ? [...layouts][0] : null,
    productCount: shownCodes.size,
    totalTags: items.length,
    updatedTags: 0,
    startTime: now,
  });

  const updated = rowsOf<{ tag_mac: string; barcode: string }>(
    await db.execute(sql`
      update ${tags} set
        pr_code = v.pr_code, layout_id = v.layout_id, degree = v.degree, nfc = v.nfc, operation = v.operation,
        operation_name = coalesce(v.operation_name, ${tags.operationName}), status = 'WIP', updated_at = ${timestamp(now)}
      from unnest(
        ${textArray(items.map((i) => i.tag.tagMac))}, ${textArray(items.map((i) => i.prCode))},
        ${textArray(items.map((i) => i.layoutId))}, ${intArray(items.map((i) => i.degree))},
        ${textArray(items.map((i) => i.nfc))}, ${intArray(items.map((i) => i.operation))},
        ${textArray(items.map((i) => i.operationName))}
      ) as v(tag_mac, pr_code, layout_id, degree, nfc, operation, operation_name)
      where ${tags.tagMac} = v.tag_mac and ${tags.storeCode} = ${storeCode}
      returning ${tags.tagMac} as tag_mac, ${tags.barcode} as barcode`),
  );

  const rows: (typeof taskItems.$inferInsert)[] = items.flatMap((item) =>
    (item.shown.length ? item.shown : [{ prCode: item.prCode, prInfo: [] as string[] }]).map((product) => ({
      companyCode,
      storeCode,
      taskId,
      tagMac: item.tag.tagMac,
      barcode: item.tag.barcode,
      prCode: product.prCode,
      layoutId: item.layoutId,
      prInfo: product.prInfo,
      nfc: item.nfc,
      status: null,
      createdAt: now,
    })),
  );
  // 1,000 rows of 11 values per statement: far below PostgreSQL's 65,535 bound parameters.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(taskItems).values(rows.slice(i, i + 1000));

  const updatedAt = now.toISOString();
  return {
    taskId,
    count: updated.length,
    changes: updated.map((r) => ({ storeCode, tagMac: r.tag_mac, barcode: r.barcode, status: 'WIP', updatedAt })),
  };
}

/** Each tag once: two entries naming one tag (by MAC and by barcode, say) are the client's mistake. */
function distinctTags(refs: string[], found: Map<string, TagRef>): TagRef[] {
  const seen = new Map<string, string>();
  for (const ref of refs) {
    const tag = found.get(ref)!;
    const first = seen.get(tag.tagMac);
    if (first !== undefined) throw badRequest(`Tag ${ref} is listed more than once.`, 'DUPLICATE_TAG');
    seen.set(tag.tagMac, ref);
  }
  return refs.map((ref) => found.get(ref)!);
}

export interface AssignEntry {
  tagRef: string;
  prCode: string;
  degree: number;
  layoutId?: string;
}

/**
 * Assign products to tags, all or nothing: every tag and every product is checked before anything is written
 * (unknown tag: 404 naming it; unknown product: 404 'This product does not exist').
 */
export async function assignTags(db: Db, scope: Scope, entries: AssignEntry[]): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const refs = entries.map((e) => e.tagRef);
    const tagList = distinctTags(refs, await requireTags(tx, scope.storeCode, refs));
    const productMap = await requireProducts(
      tx,
      scope.storeCode,
      entries.map((e) => e.prCode),
    );
    const items = entries.map((entry, i): SendItem => {
      const product = productMap.get(entry.prCode)!;
      return {
        tag: tagList[i],
        prCode: product.prCode,
        layoutId: entry.layoutId ?? product.layoutId,
        degree: entry.degree,
        nfc: product.nfc,
        operation: 1,
        operationName: 'ASSIGN',
        shown: [product],
      };
    });
    return sendToTags(tx, scope, 'ASSIGN', items);
  });
}

/**
 * One tag showing several products. The tag's prCode is the first code (lists, duplicates and countByPrCode
 * go by it); the whole list is the task items of this assign, one row per code with its own prInfo.
 */
export async function assignMultiple(
  db: Db,
  scope: Scope,
  input: { tagRef: string; prCodeList: string[]; layoutId: string; degree: number; nfc?: string },
): Promise<SendResult> {
  const codes = [...new Set(input.prCodeList.map((c) => c.trim()).filter(Boolean))];
  if (!codes.length) throw badRequest('Enter Product Code, Please!');
  return db.transaction(async (tx) => {
    const tag = (await requireTags(tx, scope.storeCode, [input.tagRef])).get(input.tagRef)!;
    const productMap = await requireProducts(tx, scope.storeCode, codes);
    const shown = codes.map((c) => productMap.get(c)!);
    const item: SendItem = {
      tag,
      prCode: codes[0],
      layoutId: input.layoutId,
      degree: input.degree,
      nfc: input.nfc ?? shown[0].nfc,
      operation: 1,
      operationName: 'ASSIGN',
      shown,
    };
    return sendToTags(tx, scope, 'ASSIGN', [item]);
  });
}

/** The listed tags lose their product; status WIP, so that the radio draws the blank (no_product) page. */
export async function deassignTags(db: Db, scope: Scope, refs: string[]): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const found = await requireTags(tx, scope.storeCode, refs);
    const items = uniqueByMac([...found.values()]).map((tag): SendItem => ({
      tag,
      prCode: null,
      layoutId: NO_PRODUCT_LAYOUT_MARK,
      degree: tag.degree,
      nfc: null,
      operation: 0,
      operationName: 'DEASSIGN',
      shown: [],
    }));
    return sendToTags(tx, scope, 'DEASSIGN', items);
  });
}

/**
 * The listed tags' current content is sent again (status WIP); a tag without a product gets its blank page
 * again. A multi-assigned tag is resent with its first (stored) product code.
 */
export async function reassignTags(db: Db, scope: Scope, refs: string[]): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const tagList = uniqueByMac([...(await requireTags(tx, scope.storeCode, refs)).values()]);
    const productMap = await findProducts(
      tx,
      scope.storeCode,
      tagList.flatMap((t) => (t.prCode ? [t.prCode] : [])),
    );
    const items = tagList.map((tag): SendItem => {
      const product = tag.prCode ? productMap.get(tag.prCode) : undefined;
      return {
        tag,
        prCode: tag.prCode,
        layoutId: tag.layoutId,
        degree: tag.degree,
        nfc: tag.nfc,
        operation: tag.operation,
        operationName: null,
        shown: product ? [product] : [],
      };
    });
    return sendToTags(tx, scope, 'REASSIGN', items);
  });
}

function uniqueByMac(list: TagRef[]): TagRef[] {
  return [...new Map(list.map((t) => [t.tagMac, t])).values()];
}

/**
 * Every assigned tag of the store is sent again, in one statement: a 50,000-tag store is never read into the
 * process. The task row is only made when there was a tag to send.
 */
export async function reassignAll(db: Db, scope: Scope): Promise<{ taskId: string; count: number }> {
  const { storeCode, companyCode, now } = scope;
  return db.transaction(async (tx) => {
    const { id, taskId } = await newTaskId(tx, scope);
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with sent as (
          update ${tags} set status = 'WIP', updated_at = ${timestamp(now)}
          where ${tags.storeCode} = ${storeCode} and ${tags.operation} = 1
          returning tag_mac, barcode, pr_code, layout_id, nfc
        ), items as (
          insert into ${taskItems} (company_code, store_code, task_id, tag_mac, barcode, pr_code, layout_id, pr_info, nfc, created_at)
          select ${companyCode}::text, ${storeCode}::text, ${taskId}::text, sent.tag_mac, sent.barcode, sent.pr_code, sent.layout_id,
                 coalesce(p.pr_info, '[]'::jsonb), sent.nfc, ${timestamp(now)}
          from sent left join ${products} p on p.store_code = ${storeCode} and p.pr_code = sent.pr_code
          returning 1
        ), task as (
          insert into ${updateTasks} (id, task_id, internal_task_id, company_code, store_code, task_type, product_count, total_tags, updated_tags, start_time)
          select ${id}::bigint, ${taskId}::text, ${id}::int, ${companyCode}::text, ${storeCode}::text, 'REASSIGN',
                 (select count(distinct pr_code) from sent)::int, (select count(*) from sent)::int, 0, ${timestamp(now)}
          where exists (select 1 from sent)
          returning 1
        )
        select (select count(*) from sent)::int as n, (select count(*) from items)::int as items, (select count(*) from task)::int as tasks`),
    );
    return { taskId, count: Number(row.n) };
  });
}
