import { Type, type Static, type TLiteral, type TSchema, type TUnion } from 'typebox';
import type { FieldKind, TableDef } from '../table';

/*
 * Shared building blocks of the contract. Limits are generous for real data and tight enough that an
 * oversized value is refused with 400 instead of reaching the database.
 */
export const Text = (maxLength = 255) => Type.String({ maxLength });
/**
 * Store and company codes are identifiers, and also name folders of the server's files (plus/<storeCode>/…):
 * letters, digits, '_', '-' and '.', but not dots alone ('.' and '..' name the folder itself or its parent).
 */
export const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^(?!\\.+$)[A-Za-z0-9_.\\-]+$' });
export const StoreCode = Code;
export const CompanyCode = Code;
export const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
/** A product code: free text as retail systems use it, but bounded. */
export const PrCode = Type.String({ minLength: 1, maxLength: 64 });
/** Tag or device hardware address as sent by clients: 12 hex digits, separators allowed. */
export const Mac = Type.String({ minLength: 12, maxLength: 17, pattern: '^[0-9A-Fa-f:\\-]{12,17}$' });
/** Times in answers are ISO 8601 strings; filters send epoch seconds (spec: Date filters). */
export const Timestamp = Type.String({ format: 'date-time' });
export const EpochSeconds = Type.Integer({ minimum: 0, maximum: 1e11 });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const HealthStatus = Type.Union([Type.Literal('NORMAL'), Type.Literal('ALARM'), Type.Literal('OFFLINE')]);
export type HealthStatus = Static<typeof HealthStatus>;

export const Position = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
});
export type Position = Static<typeof Position>;

/** Every failure: a non-2xx status with this body (NOTES.md 2). */
export const ErrorAnswer = Type.Object({ code: Type.Union([Type.Integer(), Type.String()]), message: Type.String() });
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** A write that has nothing else to say. */
export const OkAnswer = Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) });
export type OkAnswer = Static<typeof OkAnswer>;

export const StoreParams = Type.Object({ storeCode: StoreCode });
export const TaskAnswer = Type.Object({ taskId: Type.Union([Type.Integer(), Type.String()]) });

/** A union of literal values from a const list, so the list can also drive menus and filters. */
export const Literals = <const T extends readonly (string | number)[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<LiteralTuple<T>>;
type LiteralTuple<T extends readonly (string | number)[]> = T extends readonly [
  infer H extends string | number,
  ...infer R extends readonly (string | number)[],
]
  ? [TLiteral<H>, ...LiteralTuple<R>]
  : [];

/** Query of calls the console stamps with the current time to defeat caches; the server ignores it. */
export const CacheBusterQuery = Type.Object({ t: Type.Optional(Type.Number({ minimum: 0 })) }, { additionalProperties: false });

/**
 * TableDef<F> is invariant in F (F appears both as fields and under keyof), so a declared table is not
 * assignable to the plain TableDef that tableRequestSchema and parseTableRequest take; this widens it.
 */
export const wideTable = <F extends Record<string, FieldKind>>(def: TableDef<F>): TableDef => def as unknown as TableDef;
