import { sql, type SQL } from 'drizzle-orm';
import type { Usage } from '../db/schema/index';
import type { Rng } from './rng';

/** Usage random walk: a step of up to 3 % of the total, kept between 5 % and 95 % full. */
export function jitterUsage(rng: Rng, usage: Usage): Usage {
  const total = usage.total > 0 ? usage.total : 1;
  const used = usage.used + total * rng.range(-0.03, 0.03);
  return { used: Math.round(Math.min(total * 0.95, Math.max(total * 0.05, used))), total };
}

/** Per cent of a usage, for alarm thresholds. */
export function percent(usage: Usage): number {
  return usage.total > 0 ? (100 * usage.used) / usage.total : 0;
}

/**
 * Rows for a `VALUES` list: strings as text parameters, anything else as JSON text (cast by the caller), so that
 * one statement updates many rows.
 */
export function jsonValues(rows: unknown[][]): SQL {
  return sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((v) => (typeof v === 'string' ? sql`${v}` : sql`${JSON.stringify(v)}`)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}
