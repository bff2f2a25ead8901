import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';

/** status 0 marks a key whose first request is still running. */
const IN_FLIGHT = 0;
/** A claim older than this was abandoned (process died mid-request) and may be taken over. */
const ABANDONED_MS = 60_000;
export const IDEMPOTENCY_RETENTION_MS = 7 * 86_400_000;

export type Claim = { kind: 'new' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'in-flight' } | { kind: 'other-request' };

/**
 * Keys are the clients' own random strings, so they are only unique per member: the row is stored under the member
 * and the key together. The primary key stays one text column (no migration): `<e-mail> <key>` — a key cannot
 * contain a space (plugins/idempotency.ts), so two members' rows never collide.
 */
const rowKey = (email: string, key: string) => `${email} ${key}`;

/** Claim a member's key for this request, or learn what its first request answered. */
export async function claimKey(
  db: Db,
  req: { key: string; email: string; method: string; path: string; fingerprint: string },
  now = new Date(),
): Promise<Claim> {
  const key = rowKey(req.email, req.key);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      key,
      memberEmail: req.email,
      method: req.method,
      path: req.path,
      fingerprint: req.fingerprint,
      status: IN_FLIGHT,
      body: null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return { kind: 'new' };
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!row) return claimKey(db, req, now); // deleted between the two statements (a 5xx answer): try again
  const same = row.method === req.method && row.path === req.path && row.fingerprint === req.fingerprint;
  if (!same) return { kind: 'other-request' };
  if (row.status !== IN_FLIGHT) return { kind: 'replay', status: row.status, body: row.body };
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.status, IN_FLIGHT),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length ? { kind: 'new' } : { kind: 'in-flight' };
}

export async function storeAnswer(db: Db, email: string, key: string, status: number, payload: string): Promise<void> {
  let body: unknown = payload;
  try {
    body = JSON.parse(payload);
  } catch {
    // not JSON: kept as text
  }
  await db
    .update(idempotencyKeys)
    .set({ status, body: sql`${JSON.stringify(body)}::jsonb` })
    .where(eq(idempotencyKeys.key, rowKey(email, key)));
}

export async function forgetKey(db: Db, email: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, rowKey(email, key)));
}

export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}
