import { and, asc, count, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Role } from '../../contract/schemas/members';
import type { Db } from '../db/client';
import { members, roles, type Privilege } from '../db/schema/index';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';

export type RoleRow = typeof roles.$inferSelect;

const roleAnswer = (r: RoleRow): Role => ({
  role_id: r.roleId,
  name: r.name,
  privilege: r.privilege.map(({ key, depth, read, write }) => ({ key, depth, read, write })),
});

/**
 * The roles a member may see and assign from: role -1 every role; others the shared roles (no company, never -1)
 * and those of their companies. A role made by a company admin belongs to that company.
 */
function visibleTo(user: SessionUser): SQL | undefined {
  if (isSuperAdmin(user)) return undefined;
  const own = user.companies.length ? or(isNull(roles.companyCode), inArray(roles.companyCode, user.companies)) : isNull(roles.companyCode);
  return and(ne(roles.roleId, -1), own);
}

export async function roleList(db: Db, user: SessionUser): Promise<Role[]> {
  const rows = await db.select().from(roles).where(visibleTo(user)).orderBy(asc(roles.roleId));
  return rows.map(roleAnswer);
}

export async function visibleRole(db: Db, user: SessionUser, roleId: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.roleId, roleId), visibleTo(user)));
  return row;
}

export const answerRole = roleAnswer;

export async function createRole(db: Db, values: { name: string; companyCode: string | null; privilege: Privilege[] }): Promise<number> {
  const [row] = await db.insert(roles).values(values).returning({ roleId: roles.roleId });
  return row.roleId;
}

export async function updateRole(db: Db, roleId: number, values: { name: string; privilege: Privilege[] }): Promise<void> {
  await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(roles.roleId, roleId));
}

/** 'in-use' while a member holds the role (members.roleId restricts the delete). */
export async function deleteRole(db: Db, roleId: number): Promise<'deleted' | 'in-use'> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(members).where(eq(members.roleId, roleId));
    if (n > 0) return 'in-use';
    await tx.delete(roles).where(eq(roles.roleId, roleId));
    return 'deleted';
  });
}
