import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { V1_SHOW_TABLE, type V1Show, type V1ShowSaveBody } from '../../contract/schemas/plus-v1';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { v1Contents, v1Sets, v1Shows } from '../db/schema/index';
import { conflict, notFound } from '../lib/errors';
import type { SessionUser } from '../lib/privileges';
import { assertV1Row, v1IdOf, v1NewOwner, v1Visible } from '../lib/plus-v1/owner';
import { deriveShow, deviceTypeCount } from '../lib/plus-v1/show-derive';
import { queryTable } from '../lib/table-sql';

/* Plus v1 shows (plus-signage §3 v1 Show, §4 show editor, §7.4): multi-device canvases with content areas. */

type Row = typeof v1Shows.$inferSelect;
type Field = keyof typeof V1_SHOW_TABLE.fields;
const columns: Record<Field, PgColumn | SQL> = {
  id: v1Shows.id,
  name: v1Shows.name,
  resolution: v1Shows.resolution,
  user: v1Shows.user,
  deviceCount: sql`jsonb_array_length(${v1Shows.device})`,
  updatedAt: v1Shows.updatedAt,
};

export function v1ShowAnswer(s: Row): V1Show {
  return {
    id: String(s.id),
    name: s.name,
    resolution: s.resolution ?? `${s.width}x${s.height}`,
    width: s.width,
    height: s.height,
    deviceCount: s.device.length,
    contentCount: s.contentIdList.length,
    contentAreaCount: s.contentArea.length,
    contentLayout: s.contentLayout,
    timelineCount: s.timeline.reduce((n, list) => n + list.length, 0),
    device: s.device,
    duration: s.duration,
    contentArea: s.contentArea,
    contentIdList: s.contentIdList.map(String),
    timeline: s.timeline.map((list) => list.map((e) => ({ id: String(e.id), start: e.start }))),
    deviceTypeCount: deviceTypeCount(s.device),
    user: s.user ?? '',
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function v1ShowPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<V1Show>> {
  const page = await queryTable<Row, Field>(
    db,
    wideTable(V1_SHOW_TABLE),
    body,
    { table: v1Shows, columns, dateColumn: v1Shows.updatedAt, uniqueColumn: v1Shows.id, base: [v1Visible(v1Shows.companyCode, user)] },
    getTableColumns(v1Shows),
  );
  return { ...page, data: page.data.map(v1ShowAnswer) };
}

export async function findV1Show(db: Db, user: SessionUser, id: string, need: 'read' | 'write'): Promise<Row> {
  const [row] = await db
    .select()
    .from(v1Shows)
    .where(eq(v1Shows.id, v1IdOf(id)));
  return assertV1Row(user, row, need, `show ${id}`);
}

/** Every id names a row the member may read, or a 404 naming the first that does not. */
export async function requireVisible(
  db: Db,
  user: SessionUser,
  table: typeof v1Shows | typeof v1Contents | typeof v1Sets,
  ids: number[],
  what: string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), v1Visible(table.companyCode, user)));
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw notFound(`Unknown ${what} ${unknown}.`);
}

/**
 * Create (no id) or replace a show. The derived fields an exported file carries (counts, resolution, user,
 * updatedAt) are recomputed; the contents of its timelines must exist for the member.
 */
// spec: plus §5.15, plus §7.21 — saveShowV1
export async function saveV1Show(db: Db, user: SessionUser, body: V1ShowSaveBody, now: Date): Promise<string> {
  const derived = deriveShow(body);
  const fields = {
    name: body.name.trim(),
    duration: body.duration,
    contentLayout: body.contentLayout,
    device: body.device,
    contentArea: body.contentArea,
    ...derived,
    user: user.email,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    await requireVisible(tx, user, v1Contents, derived.contentIdList, 'content');
    if (body.id === undefined) {
      const [row] = await tx
        .insert(v1Shows)
        .values({ ...fields, companyCode: v1NewOwner(user) })
        .returning({ id: v1Shows.id });
      return String(row.id);
    }
    const old = await findV1Show(tx, user, body.id, 'write');
    await tx.update(v1Shows).set(fields).where(eq(v1Shows.id, old.id));
    return String(old.id);
  });
}

/** Refuse (409) when any of the ids is still used, naming each user as '(n) name' (plus-signage §5's delete check). */
export function refuseInUse(users: { name: string }[], what: string): void {
  if (!users.length) return;
  throw conflict(`There are ${what} that use this: ${users.map((u, i) => `(${i + 1}) ${u.name}`).join(', ')}`, 'IN_USE');
}

export async function removeV1Shows(db: Db, user: SessionUser, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = [];
    for (const id of new Set(ids)) rows.push(await findV1Show(tx, user, id, 'write'));
    const keys = rows.map((r) => r.id);
    const using = await tx
      .select({ name: v1Sets.name })
      .from(v1Sets)
      .where(
        sql`exists (select 1 from jsonb_array_elements(${v1Sets.list}) e where e->>'id' = any(${sql.param(keys.map(String))}::text[]))`,
      );
    refuseInUse(using, 'sets');
    await tx.delete(v1Shows).where(inArray(v1Shows.id, keys));
  });
}
