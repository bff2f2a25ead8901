/**
 * Database NULL means "absent" in the contract: optional answer fields are left out rather than sent as null
 * (the serialiser would turn a null string into "").
 */
export function withoutNulls<T extends Record<string, unknown>>(row: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (value !== null) out[key] = value;
  return out as { [K in keyof T]: Exclude<T[K], null> };
}

/** The rows of a raw `db.execute` answer: both drivers (pg, PGlite) put them under `rows`. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
