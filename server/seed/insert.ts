import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const BATCH = 1000;

/** Multi-row inserts of at most 1000 rows (fewer for wide rows: a statement binds at most 65,535 parameters). */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  opts: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  if (!rows.length) return;
  const width = Object.keys(rows[0] as object).length || 1;
  const step = Math.max(1, Math.min(BATCH, Math.floor(60_000 / width)));
  for (let i = 0; i < rows.length; i += step) {
    const insert = db.insert(table).values(rows.slice(i, i + step) as never);
    await (opts.ignoreConflicts ? insert.onConflictDoNothing() : insert);
  }
}

/**
 * The same for the large tables (tags, products, health samples): each batch travels as one JSON parameter
 * expanded by jsonb_to_recordset. On PGlite this is several times faster than 25,000 bound parameters per
 * statement, and it is plain PostgreSQL. A key missing from a row is NULL, not the column default.
 */
export async function insertBulk<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  opts: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  if (!rows.length) return;
  const keys = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row as object)) keys.add(k);
  const columns = getTableColumns(table);
  const defs = [...keys].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
    return { key, name, type: column.getSQLType() };
  });
  const list = sql.join(
    defs.map((d) => sql.identifier(d.name)),
    sql`, `,
  );
  // Types come from the schema, never from data.
  const record = sql.join(
    defs.map((d) => sql`${sql.identifier(d.name)} ${sql.raw(d.type)}`),
    sql`, `,
  );
  const conflict: SQL = opts.ignoreConflicts ? sql` on conflict do nothing` : sql``;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((row) => {
      const out: Record<string, unknown> = {};
      for (const d of defs) out[d.name] = (row as Record<string, unknown>)[d.key] ?? null;
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${record})${conflict}`,
    );
  }
}
