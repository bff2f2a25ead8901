import { inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { forbidden, notFound } from '../errors';
import { mayTouch, SYSTEM, type Owner } from '../ownership';
import type { SessionUser } from '../privileges';

/*
 * Plus v1 shows, sets, timelines, contents and content groups belong to a company (migration 0007); a row without
 * one is the system's, shared by every company. The spec's calls name no store, so the member's companies scope
 * them: role -1 sees everything, others their companies' rows and the shared ones.
 */

export const v1OwnerOf = (companyCode: string | null): Owner => (companyCode ? { kind: 'company', companyCode } : SYSTEM);

/** The list condition: what the member may read. */
export function v1Visible(column: PgColumn, user: SessionUser): SQL | undefined {
  if (user.roleId === -1) return undefined;
  return user.companies.length ? or(isNull(column), inArray(column, user.companies)) : isNull(column);
}

/** A new row belongs to the member's first company (our choice: the spec's payloads name none); none → the system. */
export const v1NewOwner = (user: SessionUser): string | null => user.companies[0] ?? null;

/** A row the member may not read is "unknown" (404), one it may read but not change is a 403. */
export function assertV1Row<T extends { companyCode: string | null }>(
  user: SessionUser,
  row: T | undefined,
  need: 'read' | 'write',
  what: string,
): T {
  if (!row || !mayTouch(user, v1OwnerOf(row.companyCode), 'read')) throw notFound(`Unknown ${what}.`);
  if (need === 'write' && !mayTouch(user, v1OwnerOf(row.companyCode), 'write')) throw forbidden(`Permission denied for ${what}.`);
  return row;
}

/** Ids are serial numbers; anything else names no row (and never reaches SQL as a bad integer). */
export const v1IdOf = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);
/** Content groups have 32-bit serial ids: a larger number names no group either. */
export const v1GroupIdOf = (id: string) => (/^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : 0);
