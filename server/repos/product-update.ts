import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeTagType } from '../../contract/schemas/tag-type';
import type { ProductInput } from '../../contract/schemas/products';
import type { Db } from '../db/client';
import { aliases, productUpdates, products, serverConfig, tagTypes, tags, taskItems, updateTasks } from '../db/schema/index';
import {
  companyMoney,
  DEFAULT_LABEL_SIZE,
  detailLabel,
  productLabel,
  type LabelSize,
  type LabelStyle,
  type Money,
} from '../lib/label-image';
import { labelStyles } from './layouts';
import { decorateProducts } from './decorated-products';
import { rowsOf } from '../lib/rows';

/*
 * The product update pipeline (console-admin §2, issue 12): upsert the products, record their update history,
 * and start an update task for the tags whose rendered content changed. The simulator answers those tags
 * (status UPDATE → OK/NG) and closes the task items, so task progress fills in live. The modal's update calls it
 * with a few products; a file import calls it per batch of changed products with the same result.
 */

export interface UpdateScope {
  storeCode: string;
  companyCode: string;
  now: Date;
  /**
   * A file import: products whose stored values are already what the row says are left alone (no history row, no
   * task item), so a nightly file that repeats most of the catalogue only sends what changed.
   */
  onlyChanged?: boolean;
  /** A file import's later batches join the update task its first batch started: one upload, one updateId. */
  task?: UpdateOutcome;
}

export interface UpdateOutcome {
  /** The update_tasks row. */
  id: number;
  updateId: string;
  taskId: string;
  /** 0 when no tag had to change: the task then shows 'No tags to update' and is no detail link. */
  internalTaskId: number;
  productCount: number;
  tagCount: number;
}

interface StoredProduct {
  prCode: string;
  type: string | null;
  prInfo: string[];
  layoutId: string | null;
  nfc: string | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** A task id in the seed's style '<store>-<yyyymmdd>-<n>', n the row id (so internalTaskId finds it). */
async function nextTaskId(db: Db, scope: UpdateScope): Promise<{ id: number; taskId: string }> {
  const [row] = rowsOf<{ id: string | number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('update_tasks', 'id')) as id`));
  const id = Number(row.id);
  return { id, taskId: `${scope.storeCode}-${day(scope.now)}-${id}` };
}

/** What a tag of this size and colour would show for the product: both pages, as the radio would send them. */
function renderedDigest(
  size: LabelSize,
  colour: boolean,
  style: LabelStyle,
  product: { prCode: string; prInfo: string[] },
  names: Map<number, string>,
  money: Money,
): string {
  return createHash('sha256')
    .update(productLabel(size, product, colour, style, { money }))
    .update(detailLabel(size, product, names, money))
    .digest('hex');
}

/** Drops trailing empty slots, so that [a, b, ''] and [a, b] are the same content. */
const trimInfo = (info: readonly string[]) => {
  const out = [...info];
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

/**
 * Upsert the products of one update and send the changed content to their tags, in one transaction. A tag gets
 * a task item only when what it shows changes: its rendered pages (at its own size and colours), its layout or
 * its NFC content.
 */
export async function applyProductUpdate(db: Db, scope: UpdateScope, inputs: readonly ProductInput[]): Promise<UpdateOutcome> {
  return (await applyUpdate(db, scope, inputs))!;
}

/** A file import's batch: undefined when no product of the batch changed (and no task was started). */
export const applyProductImportBatch = (db: Db, scope: Omit<UpdateScope, 'onlyChanged'>, inputs: readonly ProductInput[]) =>
  applyUpdate(db, { ...scope, onlyChanged: true }, inputs);

/**
 * A file import writes only rows whose stored row `p` differs from the incoming `v` (an empty type or NFC keeps the
 * stored one; stored info with trailing empty slots is the same as without them). Unchanged rows are filtered out
 * before the insert rather than by ON CONFLICT … WHERE, which would still lock (and so write) each of them.
 */
const DIFFERS = sql.raw(`(p.type is distinct from coalesce(v.type, p.type) or p.layout_id is distinct from v.layout_id
  or p.nfc is distinct from coalesce(v.nfc, p.nfc)
  or (p.pr_info <> v.pr_info and coalesce((select jsonb_agg(e.x order by e.i) from jsonb_array_elements(p.pr_info) with ordinality e(x, i)
        where e.i <= (select coalesce(max(f.i), 0) from jsonb_array_elements(p.pr_info) with ordinality f(x, i) where f.x <> '""'::jsonb)), '[]'::jsonb) <> v.pr_info))`);

/** Rows of a batch as one JSON parameter: in PGlite about twice as fast as text arrays cast to jsonb one by one. */
const asRecordset = (rows: readonly StoredProduct[]) =>
  JSON.stringify(rows.map((p) => ({ pr_code: p.prCode, type: p.type, pr_info: p.prInfo, layout_id: p.layoutId, nfc: p.nfc })));

/** The tags showing these products, with their products as stored now (before this update), in one query. */
async function shownBy(
  db: Db,
  storeCode: string,
  codes: readonly string[],
): Promise<{ shown: ShownTag[]; before: Map<string, StoredProduct> }> {
  const rows = rowsOf<
    ShownTag & { pType: string | null; pInfo: string[] | null; pLayout: string | null; pNfc: string | null; stored: boolean }
  >(
    await db.execute(sql`
      select t.tag_mac as "tagMac", t.barcode, t.pr_code as "prCode", t.tag_type as "tagType", t.layout_id as "layoutId", t.nfc,
        p.type as "pType", p.pr_info as "pInfo", p.layout_id as "pLayout", p.nfc as "pNfc", p.pr_code is not null as stored
      from ${tags} t left join ${products} p on p.store_code = t.store_code and p.pr_code = t.pr_code
      where t.store_code = ${storeCode} and t.operation = 1 and t.pr_code = any(${sql.param(codes)}::text[])`),
  );
  const before = new Map<string, StoredProduct>();
  for (const r of rows)
    if (r.stored) before.set(r.prCode!, { prCode: r.prCode!, type: r.pType, prInfo: r.pInfo ?? [], layoutId: r.pLayout, nfc: r.pNfc });
  return {
    shown: rows.map(({ tagMac, barcode, prCode, tagType, layoutId, nfc }) => ({ tagMac, barcode, prCode, tagType, layoutId, nfc })),
    before,
  };
}

/**
 * One update, set-based: the tags showing the products (with the products as they were) in one query, then one
 * statement that upserts every product and, in the same statement, writes their history rows. A file import
 * writes only the rows that really differ (ON CONFLICT … WHERE): an unchanged product costs a lookup and no write,
 * no history row, no task item. Only the products on tags are drawn (the rendered comparison needs the old and
 * new values, which JS has); the task items for their changed tags are one insert.
 */
async function applyUpdate(db: Db, scope: UpdateScope, inputs: readonly ProductInput[]): Promise<UpdateOutcome | undefined> {
  const { storeCode, companyCode, now } = scope;
  // The last entry of a code wins, as a file's later row would (and one statement may not touch a row twice).
  const byCode = new Map(inputs.map((p) => [p.prCode, p]));
  const incoming: StoredProduct[] = [...byCode.values()].map((p) => ({
    prCode: p.prCode,
    type: p.type ?? null,
    prInfo: trimInfo(p.prInfo),
    layoutId: p.layoutId,
    nfc: p.nfc ?? null,
  }));
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const { shown, before } = await shownBy(tx, storeCode, [...byCode.keys()]);
    const { id, taskId } = scope.task ?? (await nextTaskId(tx, scope));
    const updateId = scope.task?.updateId ?? `U${taskId}`;
    // spec: admin §1.0a — enableProductUpdateHistory off: products are updated without history rows
    const [config] = await tx.select({ enabled: serverConfig.enableProductUpdateHistory }).from(serverConfig);
    const upsert = sql`
      insert into ${products} as cur (store_code, pr_code, type, pr_info, layout_id, nfc, created_at, updated_at)
      select ${storeCode}, v.pr_code, v.type, v.pr_info, v.layout_id, v.nfc, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${asRecordset(incoming)}::jsonb) as v(pr_code text, type text, pr_info jsonb, layout_id text, nfc text)
      ${scope.onlyChanged ? sql`left join ${products} p on p.store_code = ${storeCode} and p.pr_code = v.pr_code where p.pr_code is null or ${DIFFERS}` : sql``}
      on conflict (store_code, pr_code) do update
        set type = coalesce(excluded.type, cur.type), pr_info = excluded.pr_info, layout_id = excluded.layout_id, nfc = coalesce(excluded.nfc, cur.nfc), updated_at = excluded.updated_at
      returning cur.pr_code, cur.type, cur.layout_id, cur.pr_info, cur.nfc`;
    const written = rowsOf<{ pr_code: string }>(
      await tx.execute(
        (config?.enabled ?? true)
          ? sql`with up as (${upsert}) insert into ${productUpdates} (store_code, update_id, task_id, pr_code, type, layout_id, pr_info, nfc, updated_at)
              select ${storeCode}, ${updateId}, ${taskId}, up.pr_code, up.type, up.layout_id, up.pr_info, up.nfc, ${at}::timestamptz from up returning pr_code`
          : upsert,
      ),
    );
    if (scope.onlyChanged && !written.length) return undefined;
    const changedCodes = new Set(written.map((r) => r.pr_code));
    const after = new Map<string, StoredProduct>();
    for (const p of incoming) {
      if (!changedCodes.has(p.prCode)) continue;
      const old = before.get(p.prCode);
      after.set(p.prCode, { ...p, type: p.type ?? old?.type ?? null, nfc: p.nfc ?? old?.nfc ?? null });
    }
    const changed = await changedTags(
      tx,
      scope,
      shown.filter((t) => after.has(t.prCode!)),
      before,
      after,
    );
    const internalTaskId = changed.length ? id : (scope.task?.internalTaskId ?? 0);
    const layouts = new Set(changed.map((c) => c.layoutId));
    if (scope.task) {
      // More tags for a running import's task: it is open again until the simulator has answered them too.
      await tx
        .update(updateTasks)
        .set({
          internalTaskId,
          productCount: sql`${updateTasks.productCount} + ${after.size}`,
          totalTags: sql`${updateTasks.totalTags} + ${changed.length}`,
          ...(changed.length ? { endTime: null } : {}),
          // The task names a layout only while all of its tags share one (the old values on the right-hand side).
          ...(layouts.size > 1 ? { layoutId: null } : {}),
          ...(layouts.size === 1
            ? {
                layoutId: sql`case when ${updateTasks.totalTags} = 0 or ${updateTasks.layoutId} = ${[...layouts][0]} then ${[...layouts][0]} else null end`,
              }
            : {}),
        })
        .where(eq(updateTasks.id, id));
    } else {
      await tx.insert(updateTasks).values({
        id,
        taskId,
        internalTaskId,
        companyCode,
        storeCode,
        taskType: 'UPDATE',
        updateId,
        layoutId: layouts.size === 1 ? [...layouts][0] : null,
        productCount: after.size,
        totalTags: changed.length,
        updatedTags: 0,
        startTime: now,
        // Nothing to send: the task is over as it starts.
        endTime: changed.length ? null : now,
      });
    }

    if (changed.length) {
      for (let i = 0; i < changed.length; i += 1000) {
        const part = changed.slice(i, i + 1000);
        await tx.execute(sql`
          update ${tags} set status = 'UPDATE', updated_at = ${now.toISOString()}::timestamptz, layout_id = v.layout_id, nfc = v.nfc
          from unnest(${sql.param(part.map((c) => c.tagMac))}::text[], ${sql.param(part.map((c) => c.layoutId))}::text[], ${sql.param(part.map((c) => c.nfc))}::text[])
            as v(tag_mac, layout_id, nfc)
          where ${tags.tagMac} = v.tag_mac and ${tags.storeCode} = ${storeCode}`);
        await tx.insert(taskItems).values(
          part.map((c) => {
            const p = after.get(c.prCode)!;
            return {
              companyCode,
              storeCode,
              taskId,
              tagMac: c.tagMac,
              barcode: c.barcode,
              prCode: c.prCode,
              layoutId: c.layoutId,
              prInfo: p.prInfo,
              nfc: c.nfc,
              status: null,
              createdAt: now,
            };
          }),
        );
      }
    }
    const prior = scope.task;
    return {
      id,
      updateId,
      taskId,
      internalTaskId,
      productCount: (prior?.productCount ?? 0) + after.size,
      tagCount: (prior?.tagCount ?? 0) + changed.length,
    };
  });
}

/** The products tags show, as the tag data decorator makes them (one sandbox call per map), keyed as before. */
async function decoratedForTags(
  db: Db,
  companyCode: string,
  stored: Map<string, StoredProduct>,
  shown: { prCode: string | null }[],
): Promise<Map<string, StoredProduct>> {
  const codes = [...new Set(shown.map((t) => t.prCode!))].filter((c) => stored.has(c));
  const decorated = await decorateProducts(
    db,
    'tagDataDecorator',
    codes.map((c) => stored.get(c)!),
    companyCode,
  );
  const out = new Map(stored);
  codes.forEach((code, i) => out.set(code, decorated[i]));
  return out;
}

interface ShownTag {
  tagMac: string;
  barcode: string;
  prCode: string | null;
  tagType: string | null;
  layoutId: string | null;
  nfc: string | null;
}

interface ChangedTag {
  tagMac: string;
  barcode: string;
  prCode: string;
  layoutId: string | null;
  nfc: string | null;
}

/** The tags showing these products whose content differs before and after the update. */
async function changedTags(
  db: Db,
  scope: UpdateScope,
  shown: ShownTag[],
  storedBefore: Map<string, StoredProduct>,
  storedAfter: Map<string, StoredProduct>,
): Promise<ChangedTag[]> {
  if (!shown.length) return [];
  // Tags draw what the tag data decorator (when on) makes of a product: compare those drawings.
  // The company's share of the sandbox (lib/sandbox/fair-queue.ts) pays for it.
  const before = await decoratedForTags(db, scope.companyCode, storedBefore, shown);
  const after = await decoratedForTags(db, scope.companyCode, storedAfter, shown);
  const sizes = new Map<string, LabelSize>();
  for (const t of await db.select({ prefix: tagTypes.prefix, width: tagTypes.width, height: tagTypes.height }).from(tagTypes)) {
    if (t.width && t.height) sizes.set(t.prefix, { width: t.width, height: t.height });
  }
  const names = new Map(
    (await db.select({ index: aliases.index, name: aliases.name }).from(aliases).where(eq(aliases.companyCode, scope.companyCode))).map(
      (a) => [a.index, a.name],
    ),
  );
  // One render per product, size and colour: a store's tags share a few types.
  const digests = new Map<string, string>();
  // The layout config chooses the label style; the tag's layout decides (a changed layout is a change anyway).
  const styleOf = await labelStyles(db, scope.companyCode);
  const money = await companyMoney(db, scope.companyCode);
  const digest = (which: 'old' | 'new', p: StoredProduct, tagType: string | null, layoutId: string | null) => {
    const prefix = (tagType ?? '').toUpperCase();
    const colour = decodeTagType(tagType).color;
    const style = styleOf(layoutId);
    const key = `${which}\u0000${p.prCode}\u0000${prefix}\u0000${colour}\u0000${style}`;
    let value = digests.get(key);
    if (value === undefined) {
      value = renderedDigest(sizes.get(prefix) ?? DEFAULT_LABEL_SIZE, colour, style, p, names, money);
      digests.set(key, value);
    }
    return value;
  };

  const out: ChangedTag[] = [];
  for (const tag of shown) {
    const next = after.get(tag.prCode!)!;
    const old = before.get(tag.prCode!);
    // A tag follows its product's layout unless it was given one of its own at assign time.
    const followsProduct = !tag.layoutId || tag.layoutId === old?.layoutId;
    const layoutId = followsProduct ? next.layoutId : tag.layoutId;
    const nfc = next.nfc;
    const same =
      old !== undefined &&
      layoutId === tag.layoutId &&
      nfc === tag.nfc &&
      digest('old', old, tag.tagType, layoutId) === digest('new', next, tag.tagType, layoutId);
    if (!same) out.push({ tagMac: tag.tagMac, barcode: tag.barcode, prCode: tag.prCode!, layoutId, nfc });
  }
  return out;
}
