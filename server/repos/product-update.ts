import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { decodeTagType } from '../../src/api/contract/tag-type';
import type { ProductInput } from '../../src/api/contract/products';
import type { Db } from '../db/client';
import { aliases, productUpdates, products, serverConfig, tagTypes, tags, taskItems, updateTasks } from '../db/schema/index';
import { DEFAULT_LABEL_SIZE, detailLabel, productLabel, type LabelSize } from '../lib/label-image';

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
}

export interface UpdateOutcome {
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

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** A task id in the seed's style '<store>-<yyyymmdd>-<n>', n the row id (so internalTaskId finds it). */
async function nextTaskId(db: Db, scope: UpdateScope): Promise<{ id: number; taskId: string }> {
  const [row] = rowsOf<{ id: string | number }>(await db.execute(sql`select nextval(pg_get_serial_sequence('update_tasks', 'id')) as id`));
  const id = Number(row.id);
  return { id, taskId: `${scope.storeCode}-${day(scope.now)}-${id}` };
}

/** What a tag of this size and colour would show for the product: both pages, as the radio would send them. */
function renderedDigest(size: LabelSize, colour: boolean, product: { prCode: string; prInfo: string[] }, names: Map<number, string>): string {
  return createHash('sha256').update(productLabel(size, product, colour)).update(detailLabel(size, product, names)).digest('hex');
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
  const { storeCode, companyCode, now } = scope;
  // The last entry of a code wins, as a file's later row would.
  const byCode = new Map(inputs.map((p) => [p.prCode, p]));
  const codes = [...byCode.keys()];
  return db.transaction(async (tx) => {
    const before = new Map<string, StoredProduct>();
    for (let i = 0; i < codes.length; i += 1000) {
      const rows = await tx
        .select({ prCode: products.prCode, type: products.type, prInfo: products.prInfo, layoutId: products.layoutId, nfc: products.nfc })
        .from(products)
        .where(and(eq(products.storeCode, storeCode), inArray(products.prCode, codes.slice(i, i + 1000))));
      for (const r of rows) before.set(r.prCode, r);
    }
    const after = new Map<string, StoredProduct>(
      codes.map((code) => {
        const input = byCode.get(code)!;
        const old = before.get(code);
        return [code, { prCode: code, type: input.type ?? old?.type ?? null, prInfo: trimInfo(input.prInfo), layoutId: input.layoutId, nfc: input.nfc ?? old?.nfc ?? null }];
      }),
    );

    const values = [...after.values()].map((p) => ({ storeCode, ...p, createdAt: now, updatedAt: now }));
    for (let i = 0; i < values.length; i += 1000) {
      await tx
        .insert(products)
        .values(values.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [products.storeCode, products.prCode],
          set: { type: sql`excluded.type`, prInfo: sql`excluded.pr_info`, layoutId: sql`excluded.layout_id`, nfc: sql`excluded.nfc`, updatedAt: sql`excluded.updated_at` },
        });
    }

    const { id, taskId } = await nextTaskId(tx, scope);
    const updateId = `U${taskId}`;
    const changed = await changedTags(tx, scope, before, after);
    const internalTaskId = changed.length ? id : 0;
    const layouts = new Set(changed.map((c) => c.layoutId));
    await tx.insert(updateTasks).values({
      id, taskId, internalTaskId, companyCode, storeCode, taskType: 'UPDATE', updateId,
      layoutId: layouts.size === 1 ? [...layouts][0] : null,
      productCount: after.size, totalTags: changed.length, updatedTags: 0, startTime: now,
      // Nothing to send: the task is over as it starts.
      endTime: changed.length ? null : now,
    });

    const [config] = await tx.select({ enabled: serverConfig.enableProductUpdateHistory }).from(serverConfig);
    if (config?.enabled ?? true) {
      const history = [...after.values()].map((p) => ({ storeCode, updateId, taskId, prCode: p.prCode, type: p.type, layoutId: p.layoutId, prInfo: p.prInfo, nfc: p.nfc, updatedAt: now }));
      for (let i = 0; i < history.length; i += 1000) await tx.insert(productUpdates).values(history.slice(i, i + 1000));
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
    return { updateId, taskId, internalTaskId, productCount: after.size, tagCount: changed.length };
  });
}

interface ChangedTag {
  tagMac: string;
  barcode: string;
  prCode: string;
  layoutId: string | null;
  nfc: string | null;
}

/** The tags showing these products whose content differs before and after the update. */
async function changedTags(db: Db, scope: UpdateScope, before: Map<string, StoredProduct>, after: Map<string, StoredProduct>): Promise<ChangedTag[]> {
  const codes = [...after.keys()];
  const shown: { tagMac: string; barcode: string; prCode: string | null; tagType: string | null; layoutId: string | null; nfc: string | null }[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    shown.push(
      ...(await db
        .select({ tagMac: tags.tagMac, barcode: tags.barcode, prCode: tags.prCode, tagType: tags.tagType, layoutId: tags.layoutId, nfc: tags.nfc })
        .from(tags)
        .where(and(eq(tags.storeCode, scope.storeCode), eq(tags.operation, 1), inArray(tags.prCode, codes.slice(i, i + 1000))))),
    );
  }
  if (!shown.length) return [];
  const sizes = new Map<string, LabelSize>();
  for (const t of await db.select({ prefix: tagTypes.prefix, width: tagTypes.width, height: tagTypes.height }).from(tagTypes)) {
    if (t.width && t.height) sizes.set(t.prefix, { width: t.width, height: t.height });
  }
  const names = new Map(
    (await db.select({ index: aliases.index, name: aliases.name }).from(aliases).where(eq(aliases.companyCode, scope.companyCode))).map((a) => [a.index, a.name]),
  );
  // One render per product, size and colour: a store's tags share a few types.
  const digests = new Map<string, string>();
  const digest = (which: 'old' | 'new', p: StoredProduct, tagType: string | null) => {
    const prefix = (tagType ?? '').toUpperCase();
    const colour = decodeTagType(tagType).color;
    const key = `${which}\u0000${p.prCode}\u0000${prefix}\u0000${colour}`;
    let value = digests.get(key);
    if (value === undefined) {
      value = renderedDigest(sizes.get(prefix) ?? DEFAULT_LABEL_SIZE, colour, p, names);
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
    const same = old !== undefined && layoutId === tag.layoutId && nfc === tag.nfc && digest('old', old, tag.tagType) === digest('new', next, tag.tagType);
    if (!same) out.push({ tagMac: tag.tagMac, barcode: tag.barcode, prCode: tag.prCode!, layoutId, nfc });
  }
  return out;
}
