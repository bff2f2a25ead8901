import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, integer, jsonb, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every time column: timestamptz read as a Date. */
export const tstz = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => tstz().notNull().defaultNow();
/** bigserial/bigint as JS numbers: row counts and byte sizes stay far below 2^53. */
export const bigId = () => bigserial({ mode: 'number' }).primaryKey();
export const bigNum = () => bigint({ mode: 'number' });

/** Settings tables hold exactly one row, id 1. */
export const singletonId = () => integer().primaryKey().default(1);
export const singletonCheck = (table: string, id: AnyPgColumn) => check(`${table}_singleton`, sql`${id} = 1`);

/** Row of the Plus history table; the system change history (fields not shown) uses the same shape. */
export const historyColumns = () => ({
  id: bigId(),
  /** company and store may be 'SYSTEM', so they are plain text. */
  company: text(),
  store: text(),
  category: text().notNull(),
  operation: text().notNull(),
  method: text(),
  path: text(),
  items: jsonb().$type<unknown[]>().notNull().default([]),
  email: text(),
  updatedAt: createdAt(),
});

export type HealthStatus = 'NORMAL' | 'ALARM' | 'OFFLINE';
export type TagStatus = 'OK' | 'NG' | 'WIP' | 'UPDATE' | 'DEASSIGN' | 'MISSING' | 'REQ_ONLY' | 'REQ_ONLY2';
export type BattStatus = 'OK' | 'NG' | (string & {});
/** 1 INFORMATION, 2 WARNING, 3 CRITICAL. */
export type AlarmClass = 1 | 2 | 3;
export type DayOfWeek = 'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT';

export interface Usage {
  used: number;
  total: number;
}
export interface DiskUsage extends Usage {
  path: string;
}
export interface ServiceStatus {
  name: string;
  status: string;
  [extra: string]: unknown;
}
export interface Period {
  start: string;
  end: string;
}
export interface TimeRange {
  start: string;
  end: string;
}
