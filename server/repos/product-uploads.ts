import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import {
  SECOND_CODE_TABLE,
  UPLOAD_HISTORY_TABLE,
  type SecondCode,
  type UploadHistory,
  type UploadHistoryDetail,
} from '../../contract/schemas/products';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { aliases, productTypes, secondCodes, stores, uploadHistory, uploadRows } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { canAccessStore, isSuperAdmin, type SessionUser } from '../lib/privileges';
import { queryTable } from '../lib/table-sql';

type Body = Record<string, unknown>;
const hx = uploadHistory;

/** What a product file of a company is checked against: its alias slots, product types and stores. */
export interface ImportContext {
  aliases: { index: number; name: string; type: string | null; dataTypeLength: number | null }[];
  typeCodes: Set<string>;
  storeCodes: Set<string>;
}

export async function importContext(db: Db, companyCode: string): Promise<ImportContext> {
  const [aliasRows, typeRows, storeRows] = await Promise.all([
    db
      .select({ index: aliases.index, name: aliases.name, type: aliases.type, dataTypeLength: aliases.dataTypeLength })
      .from(aliases)
      .where(eq(aliases.companyCode, companyCode))
      .orderBy(asc(aliases.index)),
    db.select({ code: productTypes.code }).from(productTypes).where(eq(productTypes.companyCode, companyCode)),
    db.select({ code: stores.storeCode }).from(stores).where(eq(stores.companyCode, companyCode)),
  ]);
  return { aliases: aliasRows, typeCodes: new Set(typeRows.map((t) => t.code)), storeCodes: new Set(storeRows.map((s) => s.code)) };
}

export async function createUploadHistory(db: Db, companyCode: string, fileName: string, received: Date): Promise<number> {
  const [row] = await db.insert(hx).values({ companyCode, fileName, fileType: 'product', received }).returning({ id: hx.id });
  return Number(row.id);
}

/** A batch's progress: the counts grow while the import runs, so the console can show rows processed. */
export async function addUploadProgress(
  db: Db,
  id: number,
  rows: number,
  errors: readonly string[],
  data: { rowNo: number; data: Record<string, unknown> }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    if (data.length) await tx.insert(uploadRows).values(data.map((d) => ({ historyId: id, ...d })));
    await tx
      .update(hx)
      .set({
        count: sql`${hx.count} + ${rows}`,
        dataCount: sql`${hx.dataCount} + ${data.length}`,
        ...(errors.length ? { error: sql`${hx.error} || ${JSON.stringify(errors)}::jsonb` } : {}),
      })
      .where(eq(hx.id, id));
  });
}

/** The store column: the file's one store, or none when it named several (the history is then the company's). */
export async function finishUploadHistory(db: Db, id: number, storeCode: string | null, size: number, finished: Date): Promise<void> {
  await db.update(hx).set({ storeCode, size, finished }).where(eq(hx.id, id));
}

/** Role -1 sees every upload; others their companies' uploads, store-limited members only those of their stores. */
function visibleUploads(user: SessionUser): (SQL | undefined)[] {
  if (isSuperAdmin(user)) return [];
  const base: (SQL | undefined)[] = [user.companies.length ? inArray(hx.companyCode, user.companies) : sql`false`];
  if (user.roleId !== 0 && !user.enableWholeStore) base.push(user.stores.length ? inArray(hx.storeCode, user.stores) : sql`false`);
  return base;
}

const epochOf = (column: typeof hx.received) => sql<number>`extract(epoch from ${column})`;

export async function uploadHistoryPage(db: Db, user: SessionUser, body: Body): Promise<TablePage<UploadHistory>> {
  const company =
    typeof body.global_companyCode === 'string' && body.global_companyCode ? eq(hx.companyCode, body.global_companyCode) : undefined;
  const columns = {
    fileName: hx.fileName,
    storeCode: hx.storeCode,
    fileType: hx.fileType,
    count: hx.count,
    received: epochOf(hx.received),
  };
  const page = await queryTable<typeof hx.$inferSelect, keyof typeof columns>(
    db,
    wideTable(UPLOAD_HISTORY_TABLE),
    body,
    { table: hx, columns, dateColumn: hx.received, uniqueColumn: hx.id, base: [...visibleUploads(user), company] },
    {
      id: hx.id,
      fileName: hx.fileName,
      storeCode: hx.storeCode,
      count: hx.count,
      error: hx.error,
      received: hx.received,
      finished: hx.finished,
      dataCount: hx.dataCount,
      fileType: hx.fileType,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      _id: String(r.id),
      fileName: r.fileName,
      storeCode: r.storeCode ?? '',
      count: r.count,
      error: r.error,
      received: r.received.toISOString(),
      finished: r.finished ? r.finished.toISOString() : null,
      dataCount: r.dataCount,
      fileType: r.fileType,
    })),
  };
}

/** One upload's kept rows; a history the member may not see is as unknown as one that does not exist. */
export async function uploadHistoryDetail(db: Db, user: SessionUser, historyId: string): Promise<UploadHistoryDetail> {
  const missing = notFound(`Upload history ${historyId} does not exist.`);
  if (!/^\d{1,15}$/.test(historyId)) throw missing;
  const [h] = await db
    .select()
    .from(hx)
    .where(and(eq(hx.id, Number(historyId)), ...visibleUploads(user)));
  if (!h) throw missing;
  const rows = await db
    .select({ data: uploadRows.data })
    .from(uploadRows)
    .where(eq(uploadRows.historyId, h.id))
    .orderBy(asc(uploadRows.rowNo));
  return { fileName: h.fileName, fileType: h.fileType, data: rows.map((r) => r.data) };
}

/** Second codes of the member's stores; `filter_storeCode` (or global_companyCode) narrows them. */
export async function secondCodePage(db: Db, user: SessionUser, body: Body): Promise<TablePage<SecondCode>> {
  const s = secondCodes;
  const scope: (SQL | undefined)[] = [];
  if (!isSuperAdmin(user)) {
    const mine = await db
      .select({ storeCode: stores.storeCode, companyCode: stores.companyCode })
      .from(stores)
      .where(user.companies.length ? inArray(stores.companyCode, user.companies) : sql`false`);
    const codes = mine.filter((r) => canAccessStore(user, r.storeCode, r.companyCode)).map((r) => r.storeCode);
    scope.push(codes.length ? inArray(s.storeCode, codes) : sql`false`);
  }
  if (typeof body.global_companyCode === 'string' && body.global_companyCode) {
    scope.push(
      inArray(s.storeCode, db.select({ code: stores.storeCode }).from(stores).where(eq(stores.companyCode, body.global_companyCode))),
    );
  }
  if (typeof body.storeCode === 'string' && body.storeCode) scope.push(eq(s.storeCode, body.storeCode));
  const page = await queryTable<typeof s.$inferSelect, keyof typeof SECOND_CODE_TABLE.fields>(
    db,
    wideTable(SECOND_CODE_TABLE),
    body,
    { table: s, columns: { prCode: s.prCode, secondCode: s.secondCode }, uniqueColumn: s.id, base: scope },
    {
      id: s.id,
      storeCode: s.storeCode,
      prCode: s.prCode,
      secondCode: s.secondCode,
      CODICE_TIPO_VENDITA: s.CODICE_TIPO_VENDITA,
      DATA_INSERIMENTO: s.DATA_INSERIMENTO,
      DATA_CESSAZIONE: s.DATA_CESSAZIONE,
      DATA_ELIMINAZIONE: s.DATA_ELIMINAZIONE,
      DATA_ACQUISIZIONE: s.DATA_ACQUISIZIONE,
      NOME_PROGRAMMA: s.NOME_PROGRAMMA,
      NOME_OPERATORE: s.NOME_OPERATORE,
      FLG_DB_TRIGGER: s.FLG_DB_TRIGGER,
      DATA_MODIFICA: s.DATA_MODIFICA,
    },
  );
  return {
    ...page,
    data: page.data.map(({ id: _id, ...r }) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) as SecondCode),
  };
}
