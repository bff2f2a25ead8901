import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { decodeTagType } from '../../src/api/contract/tag-type';
import type { ProductInput } from '../../src/api/contract/products';
import type { Db } from '../db/client';
import { aliases, productUpdates, products, serverConfig, tagTypes, tags, taskItems, updateTasks } from '../db/schema/index';
import { companyMoney, DEFAULT_LABEL_SIZE, detailLabel, productLabel, type LabelSize, type LabelStyle, type Money } from '../lib/label-image';
import { labelStyles } from './layouts';
import { decorateProducts } from '../lib/sandbox/script-use';
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
function renderedDigest(size: LabelSize, colour: boolean, style: LabelStyle, product: { prCode: string; prInfo: string[] }, names: Map<number, string>, money: Money): string {
  return createHash('sha256').update(productLabel(size, product, colour, style, { money })).update(detailLabel(size, product, names, money)).digest('hex');
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

const sameProduct = (a: StoredProduct, b: StoredProduct) =>
  a.type === b.type && a.layoutId === b.layoutId && a.nfc === b.nfc && JSON.stringify(trimInfo(a.prInfo)) === JSON.stringify(b.prInfo);

async function applyUpdate(db: Db, scope: UpdateScope, inputs: readonly ProductInput[]): Promise<UpdateOutcome | undefined> {
  const { storeCode, companyCode, now } = scope;
  // The last entry of a code wins, as a file's later row would.
  const byCode = new Map(inputs.map((p) => [p.prCode, p]));
  let codes = [...byCode.keys()];
  return db.transaction(async (tx) => {
    const before = new Map<string, StoredProduct>();
    for (let i = 0; i < codes.length; i += 1000) {
      const rows = rowsOf<StoredProduct>(
        await tx.execute(sql`select pr_code as "prCode", type, pr_info as "prInfo", layout_id as "layoutId", nfc from ${products}
          where ${products.storeCode} = ${storeCode} and ${products.prCode} = any(${sql.param(codes.slice(i, i + 1000))}::text[])`),
      );
      for (const r of rows) before.set(r.prCode, r);
    }
    const after = new Map<string, StoredProduct>(
      codes.map((code) => {
        const input = byCode.get(code)!;
        const old = before.get(code);
        return [code, { prCode: code, type: input.type ?? old?.type ?? null, prInfo: trimInfo(input.prInfo), layoutId: input.layoutId, nfc: input.nfc ?? old?.nfc ?? null }];
      }),
    );
    if (scope.onlyChanged) {
      for (const code of codes) if (before.has(code) && sameProduct(before.get(code)!, after.get(code)!)) after.delete(code);
      codes = [...after.keys()];
      if (!codes.length) return undefined;
    }

    // Column arrays through unnest: one statement of five parameters instead of thousands (PGlite binds each one,
    // ~10x slower for a 1000-row file batch).
    const values = [...after.values()];
    const at = now.toISOString();
    for (let i = 0; i < values.length; i += 1000) {
      const part = values.slice(i, i + 1000);
      await tx.execute(sql`
        insert into ${products} (store_code, pr_code, type, pr_info, layout_id, nfc, created_at, updated_at)
        select ${storeCode}, v.pr_code, v.type, v.pr_info::jsonb, v.layout_id, v.nfc, ${at}::timestamptz, ${at}::timestamptz
        from unnest(${sql.param(part.map((p) => p.prCode))}::text[], ${sql.param(part.map((p) => p.type))}::text[], ${sql.param(part.map((p) => JSON.stringify(p.prInfo)))}::text[],
          ${sql.param(part.map((p) => p.layoutId))}::text[], ${sql.param(part.map((p) => p.nfc))}::text[]) as v(pr_code, type, pr_info, layout_id, nfc)
        on conflict (store_code, pr_code) do update
          set type = excluded.type, pr_info = excluded.pr_info, layout_id = excluded.layout_id, nfc = excluded.nfc, updated_at = excluded.updated_at`);
    }

    const { id, taskId } = scope.task ?? (await nextTaskId(tx, scope));
    const updateId = scope.task?.updateId ?? `U${taskId}`;
    const changed = await changedTags(tx, scope, before, after);
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
            ? { layoutId: sql`case when ${updateTasks.totalTags} = 0 or ${updateTasks.layoutId} = ${[...layouts][0]} then ${[...layouts][0]} else null end` }
            : {}),
        })
        .where(eq(updateTasks.id, id));
    } else {
      await tx.insert(updateTasks).values({
        id, taskId, internalTaskId, companyCode, storeCode, taskType: 'UPDATE', updateId,
        layoutId: layouts.size === 1 ? [...layouts][0] : null,
        productCount: after.size, totalTags: changed.length, updatedTags: 0, startTime: now,
        // Nothing to send: the task is over as it starts.
        endTime: changed.length ? null : now,
      });
    }

    const [config] = await tx.select({ enabled: serverConfig.enableProductUpdateHistory }).from(serverConfig);
    if (config?.enabled ?? true) {
      for (let i = 0; i < values.length; i += 1000) {
        const part = values.slice(i, i + 1000);
        await tx.execute(sql`
          insert into ${productUpdates} (store_code, update_id, task_id, pr_code, type, layout_id, pr_info, nfc, updated_at)
          select ${storeCode}, ${updateId}, ${taskId}, v.pr_code, v.type, v.layout_id, v.pr_info::jsonb, v.nfc, ${at}::timestamptz
          from unnest(${sql.param(part.map((p) => p.prCode))}::text[], ${sql.param(part.map((p) => p.type))}::text[], ${sql.param(part.map((p) => p.layoutId))}::text[],
            ${sql.param(part.map((p) => JSON.stringify(p.prInfo)))}::text[], ${sql.param(part.map((p) => p.nfc))}::text[]) as v(pr_code, type, layout_id, pr_info, nfc)`);
      }
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
            return { companyCode, storeCode, taskId, tagMac: c.tagMac, barcode: c.barcode, prCode: c.prCode, layoutId: c.layoutId, prInfo: p.prInfo, nfc: c.nfc, status: null, createdAt: now };
          }),
        );
      }
    }
    const prior = scope.task;
    return { id, updateId, taskId, internalTaskId, productCount: (prior?.productCount ?? 0) + after.size, tagCount: (prior?.tagCount ?? 0) + changed.length };
  });
}

/** The products tags show, as the tag data decorator makes them (one sandbox call per map), keyed as before. */
async function decoratedForTags(db: Db, companyCode: string, stored: Map<string, StoredProduct>, shown: { prCode: string | null }[]): Promise<Map<string, StoredProduct>> {
  const codes = [...new Set(shown.map((t) => t.prCode!))].filter((c) => stored.has(c));
  const decorated = await decorateProducts(db, 'tagDataDecorator', codes.map((c) => stored.get(c)!), companyCode);
  const out = new Map(stored);
  codes.forEach((code, i) => out.set(code, decorated[i]));
  return out;
}

interface ChangedTag {
  tagMac: string;
  barcode: string;
  prCode: string;
  layoutId: string | null;
  nfc: string | null;
}

/** The tags showing these products whose content differs before and after the update. */
async function changedTags(db: Db, scope: UpdateScope, storedBefore: Map<string, StoredProduct>, storedAfter: Map<string, StoredProduct>): Promise<ChangedTag[]> {
  const codes = [...storedAfter.keys()];
  const shown: { tagMac: string; barcode: string; prCode: string | null; tagType: string | null; layoutId: string | null; nfc: string | null }[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    shown.push(
      ...(await db
        .select({ tagMac: tags.tagMac, barcode: tags.barcode, prCode: tags.prCode, tagType: tags.tagType, layoutId: tags.layoutId, nfc: tags.nfc })
        .from(tags)
        .where(and(eq(tags.storeCode, scope.storeCode), eq(tags.operation, 1), sql`${tags.prCode} = any(${sql.param(codes.slice(i, i + 1000))}::text[])`))),
    );
  }
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
    (await db.select({ index: aliases.index, name: aliases.name }).from(aliases).where(eq(aliases.companyCode, scope.companyCode))).map((a) => [a.index, a.name]),
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
    const same = old !== undefined && layoutId === tag.layoutId && nfc === tag.nfc && digest('old', old, tag.tagType, layoutId) === digest('new', next, tag.tagType, layoutId);
    if (!same) out.push({ tagMac: tag.tagMac, barcode: tag.barcode, prCode: tag.prCode!, layoutId, nfc });
  }
  return out;
}
