import { and, asc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { V1_CONTENT_TABLE, type V1Content, type V1ContentGroup, type V1ContentGroupSaveBody } from '../../contract/schemas/plus-v1-devices';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { v1ContentGroups, v1Contents, v1Shows } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import type { SessionUser } from '../lib/privileges';
import { assertV1Row, v1GroupIdOf, v1IdOf, v1NewOwner, v1Visible } from '../lib/plus-v1/owner';
import { queryTable } from '../lib/table-sql';
import { refuseInUse } from './plus-v1-shows';

/* Plus v1 contents and their group tree (plus-signage §2.6 content, §3 Content and Content group, §7.4). */

export type V1ContentRow = typeof v1Contents.$inferSelect;
type GroupRow = typeof v1ContentGroups.$inferSelect;

export const v1ContentAnswer = (c: V1ContentRow): V1Content => ({
  id: String(c.id),
  name: c.name,
  group: c.group === null ? null : String(c.group),
  type: c.type,
  resolution: c.resolution ?? '-',
  duration: c.duration ?? 0,
  size: Number(c.size ?? 0),
  user: c.user ?? '',
  updatedAt: c.updatedAt.toISOString(),
});

/** The contents of one group (`group`: an id, or null for the root), or of every group when it is absent. */
export async function v1ContentPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<V1Content>> {
  const columns: Record<keyof typeof V1_CONTENT_TABLE.fields, PgColumn | SQL> = {
    id: v1Contents.id,
    name: v1Contents.name,
    type: v1Contents.type,
    resolution: v1Contents.resolution,
    user: v1Contents.user,
    size: v1Contents.size,
    updatedAt: v1Contents.updatedAt,
  };
  const group =
    body.group === undefined
      ? undefined
      : body.group === null
        ? isNull(v1Contents.group)
        : eq(v1Contents.group, v1GroupIdOf(String(body.group)));
  const page = await queryTable<V1ContentRow, keyof typeof columns>(
    db,
    wideTable(V1_CONTENT_TABLE),
    body,
    {
      table: v1Contents,
      columns,
      dateColumn: v1Contents.updatedAt,
      uniqueColumn: v1Contents.id,
      base: [v1Visible(v1Contents.companyCode, user), group],
    },
    getTableColumns(v1Contents),
  );
  return { ...page, data: page.data.map(v1ContentAnswer) };
}

export async function findV1Content(db: Db, user: SessionUser, id: string, need: 'read' | 'write'): Promise<V1ContentRow> {
  const [row] = await db
    .select()
    .from(v1Contents)
    .where(eq(v1Contents.id, v1IdOf(id)));
  return assertV1Row(user, row, need, `content ${id}`);
}

export type NewV1Content = Pick<V1ContentRow, 'name' | 'type' | 'resolution' | 'duration' | 'size' | 'path' | 'group'>;

export async function insertV1Content(db: Db, user: SessionUser, content: NewV1Content, now: Date): Promise<V1ContentRow> {
  const [row] = await db
    .insert(v1Contents)
    .values({ ...content, companyCode: v1NewOwner(user), user: user.email, updatedAt: now })
    .returning();
  return row;
}

export async function replaceV1Content(
  db: Db,
  user: SessionUser,
  id: number,
  content: Omit<NewV1Content, 'group'>,
  now: Date,
): Promise<V1ContentRow> {
  const [row] = await db
    .update(v1Contents)
    .set({ ...content, user: user.email, updatedAt: now })
    .where(eq(v1Contents.id, id))
    .returning();
  return row;
}

// spec: plus §5.20, plus §7.25 — saveContentV1 {id, name}
export async function renameV1Content(db: Db, user: SessionUser, id: string, name: string, now: Date): Promise<void> {
  const row = await findV1Content(db, user, id, 'write');
  await db.update(v1Contents).set({ name: name.trim(), user: user.email, updatedAt: now }).where(eq(v1Contents.id, row.id));
}

/** Moves contents to a group the member may change (null: the root). */
export async function moveV1Contents(db: Db, user: SessionUser, ids: string[], groupId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const group = groupId === null ? null : (await findV1Group(tx, user, groupId, 'write')).id;
    const rows = [];
    for (const id of new Set(ids)) rows.push(await findV1Content(tx, user, id, 'write'));
    await tx
      .update(v1Contents)
      .set({ group })
      .where(
        inArray(
          v1Contents.id,
          rows.map((r) => r.id),
        ),
      );
  });
}

/** Removes contents no show uses (409 naming the shows otherwise); answers the rows, whose files the caller removes. */
export async function removeV1Contents(db: Db, user: SessionUser, ids: string[]): Promise<V1ContentRow[]> {
  return db.transaction(async (tx) => {
    const rows = [];
    for (const id of new Set(ids)) rows.push(await findV1Content(tx, user, id, 'write'));
    const keys = rows.map((r) => r.id);
    const using = await tx
      .select({ name: v1Shows.name })
      .from(v1Shows)
      .where(sql`${v1Shows.contentIdList} && ${sql.param(keys)}::bigint[]`);
    refuseInUse(using, 'shows');
    await tx.delete(v1Contents).where(inArray(v1Contents.id, keys));
    return rows;
  });
}

// Groups.

export const v1GroupAnswer = (g: GroupRow): V1ContentGroup => ({
  id: String(g.id),
  name: g.name,
  parent: g.parent === null ? null : String(g.parent),
  order: g.order,
});

export async function v1Groups(db: Db, user: SessionUser): Promise<V1ContentGroup[]> {
  const rows = await db
    .select()
    .from(v1ContentGroups)
    .where(v1Visible(v1ContentGroups.companyCode, user))
    .orderBy(asc(v1ContentGroups.parent), asc(v1ContentGroups.order), asc(v1ContentGroups.id));
  return rows.map(v1GroupAnswer);
}

export async function findV1Group(db: Db, user: SessionUser, id: string, need: 'read' | 'write'): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(v1ContentGroups)
    .where(eq(v1ContentGroups.id, v1GroupIdOf(id)));
  return assertV1Row(user, row, need, `content group ${id}`);
}

/** The ids of a group and everything below it. */
async function subtree(db: Db, id: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive t(id) as (select ${id}::int union all select g.id from ${v1ContentGroups} g join t on g.parent = t.id)
    select id from t`);
  return ((result as { rows?: { id: number }[] }).rows ?? []).map((r) => Number(r.id));
}

/** Create, rename, move (parent) or order a group; a group cannot move below itself. */
// spec: plus §3.16, plus §7.25 — content groups: id, name, parent, order
export async function saveV1Group(db: Db, user: SessionUser, body: V1ContentGroupSaveBody): Promise<string> {
  return db.transaction(async (tx) => {
    const parent = body.parent === null ? null : (await findV1Group(tx, user, body.parent, 'write')).id;
    const fields = { name: body.name.trim(), parent, order: body.order };
    if (body.id === undefined) {
      const [row] = await tx
        .insert(v1ContentGroups)
        .values({ ...fields, companyCode: v1NewOwner(user) })
        .returning({ id: v1ContentGroups.id });
      return String(row.id);
    }
    const old = await findV1Group(tx, user, body.id, 'write');
    if (parent !== null && (await subtree(tx, old.id)).includes(parent))
      throw badRequest('A group cannot move into itself or one of its subgroups.', 'GROUP_CYCLE');
    await tx.update(v1ContentGroups).set(fields).where(eq(v1ContentGroups.id, old.id));
    return String(old.id);
  });
}

/**
 * Removes a group and its subgroups; their contents move up to the removed group's parent (our choice: removing a
 * folder never deletes files that shows may play).
 */
export async function removeV1Group(db: Db, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findV1Group(tx, user, id, 'write');
    const ids = await subtree(tx, group.id);
    await tx.update(v1Contents).set({ group: group.parent }).where(inArray(v1Contents.group, ids));
    await tx.delete(v1ContentGroups).where(and(eq(v1ContentGroups.id, group.id)));
  });
}
