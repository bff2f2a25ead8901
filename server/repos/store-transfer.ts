import { and, asc, eq, getTableColumns, gt, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StoreMigrateAnswer } from '../../contract/schemas/settings-store';
import type { Db } from '../db/client';
import { gateways, members, products, roles, stores, tags, updateTasks } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import { normalizeMac } from './gateways';
import { assertRowsOwnedBy, type MigrateTarget, type ParsedExport, type TransferKind as Kind } from './store-migrate-owners';

/*
 * The reference server's store export and the migration that reads it (console-admin §2, §4, §7). The file is JSON
 * lines: a header, then one line per row `{"kind": …, "row": {…}}` — store, gateways, products, tags, tasks and the
 * accounts limited to that store. Rows carry no store or company: the migration gives them those of the chosen
 * store, and a row the server has already must be of that store's company (store-migrate-owners.ts). Accounts
 * travel without their password hash: no answer of this server ever carries one, and a file that leaves the server
 * (mailed, kept on a laptop) would otherwise hand out every member's hash to crack offline. A member new to the
 * target server is created unable to sign in until an administrator resets the password there.
 */

export const EXPORT_FORMAT = 'shelfpad-store-export';
/** 2: accounts without their password hash (version 1 files carried it and are refused, not half-read). */
export const EXPORT_VERSION = 2;
const PAGE = 1000;

/** Per kind: its table and the columns the file carries (never the store, the company or a local id). */
const KINDS: Record<Kind, { table: PgTable; omit: string[] }> = {
  store: { table: stores, omit: ['storeCode', 'companyCode', 'storeName', 'status', 'createdAt', 'updatedAt'] },
  gateway: { table: gateways, omit: ['storeCode'] },
  product: { table: products, omit: ['storeCode'] },
  tag: { table: tags, omit: ['storeCode', 'companyCode'] },
  task: { table: updateTasks, omit: ['id', 'storeCode', 'companyCode'] },
  account: {
    table: members,
    omit: [
      'passwordHash',
      'companies',
      'stores',
      'locked',
      'lockedUntil',
      'failedLogins',
      'forceChange',
      'enableWholeStore',
      'createdAt',
      'updatedAt',
    ],
  },
};

const columnsOf = (kind: Kind) => {
  const { table, omit } = KINDS[kind];
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name))) as Record<string, PgColumn>;
};

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/** Rows of one table of the store, a page at a time in key order, so that a 50,000-tag store streams in flat memory. */
async function* pages(db: Db, kind: Kind, where: SQL, key: PgColumn): AsyncGenerator<string> {
  const columns = columnsOf(kind);
  let after: string | number | undefined;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(KINDS[kind].table)
      .where(and(where, after === undefined ? undefined : gt(key, after)))
      .orderBy(asc(key))
      .limit(PAGE);
    for (const row of rows) yield line({ kind, row });
    if (rows.length < PAGE) return;
    after = (rows[rows.length - 1] as Record<string, string | number>)[KEY_FIELDS[kind]];
  }
}

/** The field each kind pages by (its key within the store). */
const KEY_FIELDS: Record<Kind, string> = {
  store: 'storeCode',
  gateway: 'gwMac',
  product: 'prCode',
  tag: 'tagMac',
  task: 'taskId',
  account: 'email',
};

/** The export of one store as text lines, read page by page while the answer is sent. */
export async function* exportStore(db: Db, storeCode: string, companyCode: string): AsyncGenerator<string> {
  yield line({
    kind: 'header',
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    storeCode,
    companyCode,
    exportedAt: new Date().toISOString(),
  });
  yield* pages(db, 'store', eq(stores.storeCode, storeCode), stores.storeCode);
  yield* pages(db, 'gateway', eq(gateways.storeCode, storeCode), gateways.gwMac);
  yield* pages(db, 'product', eq(products.storeCode, storeCode), products.prCode);
  yield* pages(db, 'tag', eq(tags.storeCode, storeCode), tags.tagMac);
  yield* pages(db, 'task', eq(updateTasks.storeCode, storeCode), updateTasks.taskId);
  // Members limited to this store; administrators (roles -1, 0) belong to companies, not to a store.
  yield* pages(
    db,
    'account',
    and(sql`${members.stores} @> ${JSON.stringify([storeCode])}::jsonb`, notInArray(members.roleId, [-1, 0]))!,
    members.email,
  );
}

// ---- Import ----

/** A value of the file as the column stores it, or an error message naming the field. */
function columnValue(column: PgColumn, value: unknown, field: string): { value: unknown } | { error: string } {
  if (value === null) return column.notNull ? { error: `${field} may not be null` } : { value: null };
  switch (column.dataType) {
    case 'string':
      return typeof value === 'string' && !value.includes('\0') ? { value } : { error: `${field} must be text` };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && (column.columnType !== 'PgInteger' || Number.isInteger(value))
        ? { value }
        : { error: `${field} must be a number` };
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { error: `${field} must be true or false` };
    case 'date': {
      const date = typeof value === 'string' ? new Date(value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? { value: date } : { error: `${field} must be a date` };
    }
    case 'array':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? { value } : { error: `${field} must be a list of texts` };
    default:
      // jsonb: any JSON the export wrote (lists and objects); text inside is still checked for NUL by the caller.
      return typeof value === 'object' && !JSON.stringify(value).includes('\\u0000')
        ? { value }
        : { error: `${field} must be a list or an object` };
  }
}

/** A row of the file checked against its table: known columns only, right types, required ones present. */
function checkRow(kind: Kind, raw: unknown, where: string): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${where}: the row must be an object.`, 'BAD_EXPORT');
  const columns = columnsOf(kind);
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw)) {
    const column = columns[field];
    if (!column) throw badRequest(`${where}: unknown field ${field}.`, 'BAD_EXPORT');
    const checked = columnValue(column, value, field);
    if ('error' in checked) throw badRequest(`${where}: ${checked.error}.`, 'BAD_EXPORT');
    row[field] = checked.value;
  }
  for (const [field, column] of Object.entries(columns)) {
    if (column.notNull && !column.hasDefault && row[field] === undefined) throw badRequest(`${where}: ${field} is missing.`, 'BAD_EXPORT');
  }
  // A file's `3c:1a:…` is the device this server stores as `3C1A…`: it must meet that row (and its owner's check),
  // not become a second gateway or tag beside it.
  for (const field of MAC_FIELDS[kind] ?? []) if (typeof row[field] === 'string') row[field] = normalizeMac(row[field]);
  return row;
}

const MAC_FIELDS: Partial<Record<Kind, string[]>> = { gateway: ['gwMac'], tag: ['tagMac', 'gwMac'] };

/**
 * A row's key within the target store (e-mails compared in lower case, as accounts are stored). One key twice in a
 * file would have one upsert touch a row twice, which the database refuses: it is the file's mistake. The store's own
 * row has no key (its last line wins).
 */
const keyOf = (kind: Kind, row: Record<string, unknown>) =>
  kind === 'store' ? undefined : kind === 'account' ? String(row.email).toLowerCase() : String(row[KEY_FIELDS[kind]]);

/** Reads an export file whole and checks every line; a file that is not one is the client's mistake (400). */
export function parseExport(content: Buffer, fileName: string): ParsedExport {
  const lines = content
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim());
  const parsed: ParsedExport = { store: [], gateway: [], product: [], tag: [], task: [], account: [] };
  const seen = new Set<string>();
  lines.forEach((text, i) => {
    const where = `${fileName} line ${i + 1}`;
    let value: { kind?: unknown; row?: unknown; format?: unknown; version?: unknown };
    try {
      value = JSON.parse(text) as typeof value;
    } catch {
      throw badRequest(`${where} is not JSON.`, 'BAD_EXPORT');
    }
    if (i === 0) {
      if (value?.kind !== 'header' || value.format !== EXPORT_FORMAT) throw badRequest(`${fileName} is not a store export.`, 'BAD_EXPORT');
      if (value.version !== EXPORT_VERSION)
        throw badRequest(`${fileName}: export version ${String(value.version)} is not supported.`, 'BAD_EXPORT');
      return;
    }
    const kind = value?.kind;
    if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind) || kind === 'header')
      throw badRequest(`${where}: unknown kind.`, 'BAD_EXPORT');
    const row = checkRow(kind as Kind, value.row, where);
    const key = keyOf(kind as Kind, row);
    if (key !== undefined) {
      if (seen.has(`${kind} ${key}`)) throw badRequest(`${where}: ${kind} ${key} appears twice in the file.`, 'BAD_EXPORT');
      seen.add(`${kind} ${key}`);
    }
    parsed[kind as Kind].push(row);
  });
  if (!lines.length) throw badRequest(`${fileName} is empty.`, 'BAD_EXPORT');
  return parsed;
}

/** The database name of a field: the schema is declared in camelCase and stored in snake_case (db/client.ts casing). */
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `col = excluded.col` for every field of the rows (known columns only): an upsert that takes the file's values. */
function excludedSet(table: PgTable, fields: string[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(fields.filter((f) => columns[f]).map((f) => [f, sql.raw(`excluded."${snake(f)}"`)]));
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500));
}

const fieldsOf = (rows: Record<string, unknown>[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

type MigrateCounts = Required<Pick<StoreMigrateAnswer, 'tagCount' | 'productCount' | 'gwCount' | 'accountCount'>> &
  Pick<StoreMigrateAnswer, 'lastTaskId'>;

/**
 * Writes the checked files into the chosen store, all in one transaction: a file naming a row of another company
 * (store-migrate-owners.ts) refuses them all before anything is written, and a failure in the second file leaves
 * the first one unwritten too. The answer sums the files; lastTaskId is the last file's.
 */
export async function migrateStore(db: Db, target: MigrateTarget, files: ParsedExport[]): Promise<MigrateCounts> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await assertRowsOwnedBy(txDb, target, files);
    const answer: MigrateCounts = { tagCount: 0, productCount: 0, gwCount: 0, accountCount: 0 };
    for (const data of files) {
      const written = await writeStore(txDb, target, data);
      answer.tagCount += written.tagCount;
      answer.productCount += written.productCount;
      answer.gwCount += written.gwCount;
      answer.accountCount += written.accountCount;
      if (written.lastTaskId !== undefined) answer.lastTaskId = written.lastTaskId;
    }
    return answer;
  });
}

/**
 * An upsert's guard: the existing row is overwritten only while it is in a store of the target's company. The check
 * before the writes refuses such files with a clear message; this keeps the rule at the write itself, for a row of
 * another company that a concurrent call created after the check.
 */
const inCompanyStore = (storeCode: PgColumn, companyCode: string) =>
  sql`${storeCode} in (select ${stores.storeCode} from ${stores} where ${stores.companyCode} = ${companyCode})`;

/**
 * Writes one export into the chosen store: the store takes the file's radio settings (keeping its code, name and
 * company); gateways, products and tags are upserted into it (a tag or gateway that another store of this company
 * had moves here, as it did physically); tasks keep their ids; accounts are linked to the store. An account whose
 * role this company lacks, or who is an administrator here, is left out of accountCount.
 */
async function writeStore(db: Db, target: MigrateTarget, data: ParsedExport): Promise<MigrateCounts> {
  const { storeCode, companyCode } = target;
  const settings = data.store[data.store.length - 1];
  if (settings)
    await db
      .update(stores)
      .set({ ...settings, updatedAt: new Date() })
      .where(eq(stores.storeCode, storeCode));

  const gws = data.gateway.map((r) => ({ ...r, storeCode }) as typeof gateways.$inferInsert);
  await inBatches(gws, (b) =>
    db
      .insert(gateways)
      .values(b)
      .onConflictDoUpdate({
        target: gateways.gwMac,
        set: excludedSet(gateways, fieldsOf(b)),
        setWhere: inCompanyStore(gateways.storeCode, companyCode),
      }),
  );

  const prs = data.product.map((r) => ({ ...r, storeCode }) as typeof products.$inferInsert);
  await inBatches(prs, (b) =>
    db
      .insert(products)
      .values(b)
      .onConflictDoUpdate({ target: [products.storeCode, products.prCode], set: excludedSet(products, fieldsOf(b)) }),
  );

  const tgs = data.tag.map((r) => ({ ...r, storeCode, companyCode }) as typeof tags.$inferInsert);
  await inBatches(tgs, (b) =>
    db
      .insert(tags)
      .values(b)
      .onConflictDoUpdate({
        target: tags.tagMac,
        set: excludedSet(tags, fieldsOf(b)),
        setWhere: inCompanyStore(tags.storeCode, companyCode),
      }),
  );

  const tks = data.task.map((r) => ({ ...r, storeCode, companyCode }) as typeof updateTasks.$inferInsert);
  await inBatches(tks, (b) =>
    db
      .insert(updateTasks)
      .values(b)
      .onConflictDoUpdate({ target: [updateTasks.storeCode, updateTasks.taskId], set: excludedSet(updateTasks, fieldsOf(b)) }),
  );

  const accountCount = await linkAccounts(db, target, data.account);
  const last = [...data.task].sort((a, b) => (a.startTime as Date).getTime() - (b.startTime as Date).getTime()).pop();
  return {
    ...(last ? { lastTaskId: last.taskId as string } : {}),
    tagCount: tgs.length,
    productCount: prs.length,
    gwCount: gws.length,
    accountCount,
  };
}

/** Matches no password (verifyPassword knows only `scrypt$…`): the account waits for an administrator's reset. */
const NO_PASSWORD = '!';

async function linkAccounts(db: Db, target: MigrateTarget, accounts: Record<string, unknown>[]): Promise<number> {
  if (!accounts.length) return 0;
  // Role ids are per server and a role may belong to one company: a role of another company is, for this one, a
  // role it lacks — the account is left out rather than made a member here under another company's privileges.
  const usable = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(
      and(
        inArray(
          roles.roleId,
          accounts.map((a) => a.roleId as number),
        ),
        or(isNull(roles.companyCode), eq(roles.companyCode, target.companyCode)),
      ),
    );
  const roleIds = usable.map((r) => r.roleId);
  let linked = 0;
  for (const account of accounts) {
    const email = String(account.email).toLowerCase();
    const [existing] = await db.select({ roleId: members.roleId, stores: members.stores }).from(members).where(eq(members.email, email));
    if (existing) {
      if (existing.roleId === -1 || existing.roleId === 0) continue;
      // Only a member of the target's company is linked (the check before the writes refused the others); the
      // condition keeps that true at the write, and the member's companies stay as they are.
      const updated = await db
        .update(members)
        .set({ stores: [...new Set([...existing.stores, target.storeCode])], updatedAt: new Date() })
        .where(and(eq(members.email, email), sql`${target.companyCode} = any(${members.companies})`))
        .returning({ email: members.email });
      linked += updated.length;
      continue;
    }
    const roleId = account.roleId as number;
    if (roleId === -1 || roleId === 0 || !roleIds.includes(roleId)) continue;
    await db.insert(members).values({
      ...(account as Omit<typeof members.$inferInsert, 'passwordHash'>),
      email,
      passwordHash: NO_PASSWORD,
      forceChange: true,
      companies: [target.companyCode],
      stores: [target.storeCode],
    });
    linked++;
  }
  return linked;
}
