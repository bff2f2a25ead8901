import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { EXCEPTION_LIST_MAX } from '../../src/api/contract/constants-core';
import type { ExceptionList, ExceptionsStats, ExceptionTagRow, NgGateway } from '../../src/api/contract/dashboard';
import type { Db } from '../db/client';
import { gateways, products, tags } from '../db/schema/index';
import { withoutNulls } from '../lib/rows';
import { gatewayStatusSql } from './gateways';
import { isErrorTag, isLowBatteryTag } from './stats';

export type ExceptionKind = 'error' | 'noproduct' | 'lowbattery' | 'duplicate';

/** No product: none assigned, or the assigned code names no product of the store. */
export const isNoProductTag = sql`(${tags.prCode} is null or not exists (select 1 from ${products} where ${products.storeCode} = ${tags.storeCode} and ${products.prCode} = ${tags.prCode}))`;

/** Tags of the store sharing their product code with another tag of the store; pr_count counts them. */
function duplicateCodes(db: Db, storeCode: string) {
  return db
    .select({ prCode: tags.prCode, prCount: sql<number>`count(*)::int`.as('pr_count') })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), sql`${tags.prCode} is not null`))
    .groupBy(tags.prCode)
    .having(sql`count(*) > 1`)
    .as('dup');
}

export async function exceptionStats(db: Db, storeCode: string): Promise<ExceptionsStats> {
  const dup = duplicateCodes(db, storeCode);
  const countWhere = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
  const [counts] = await db
    .select({
      totalTags: sql<number>`count(*)::int`,
      errorTags: countWhere(isErrorTag),
      noProductTags: countWhere(isNoProductTag),
      duplicateTags: countWhere(sql`${dup.prCode} is not null`),
      batteryNgTags: countWhere(isLowBatteryTag),
    })
    .from(tags)
    .leftJoin(dup, eq(dup.prCode, tags.prCode))
    .where(eq(tags.storeCode, storeCode));
  const gws = await db
    .select({ gwMac: gateways.gwMac, ip: gateways.ip, status: gatewayStatusSql, lastStatusTime: gateways.lastStatusTime })
    .from(gateways)
    .where(eq(gateways.storeCode, storeCode))
    .orderBy(asc(gateways.gwIndex), asc(gateways.gwMac));
  const ng = gws.filter((g) => g.status !== 'NORMAL');
  const ngGWDetail: NgGateway[] = ng.map(({ lastStatusTime, ...g }) => ({
    ...withoutNulls(g),
    ...(lastStatusTime ? { lastStatusTime: lastStatusTime.toISOString() } : {}),
  }));
  return { ...counts, totalGWs: gws.length, ngGWs: ng.length, ngGWDetail };
}

const rowColumns = {
  tagMac: tags.tagMac,
  barcode: tags.barcode,
  prCode: tags.prCode,
  tagType: tags.tagType,
  status: tags.status,
  battStatus: tags.battStatus,
  battery: tags.battery,
  gwIp: tags.gwIp,
  updatedAt: tags.updatedAt,
};

type ListRow = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['data'] | null } & { countByPrCode?: number; total: number };

/** One exception list of a store: every matching tag counted, at most EXCEPTION_LIST_MAX rows answered. */
export async function exceptionList(db: Db, storeCode: string, kind: ExceptionKind): Promise<ExceptionList> {
  const inStore = eq(tags.storeCode, storeCode);
  let rows: ListRow[];
  if (kind === 'duplicate') {
    const dup = duplicateCodes(db, storeCode);
    rows = await db
      .select({ ...rowColumns, countByPrCode: dup.prCount, total: sql<number>`(count(*) over ())::int` })
      .from(tags)
      .innerJoin(dup, eq(dup.prCode, tags.prCode))
      .where(inStore)
      .orderBy(asc(tags.prCode), asc(tags.barcode), asc(tags.tagMac))
      .limit(EXCEPTION_LIST_MAX);
  } else {
    const cond = kind === 'error' ? isErrorTag : kind === 'noproduct' ? isNoProductTag : isLowBatteryTag;
    rows = await db
      .select({ ...rowColumns, total: sql<number>`(count(*) over ())::int` })
      .from(tags)
      .where(and(inStore, cond))
      .orderBy(asc(tags.barcode), asc(tags.tagMac))
      .limit(EXCEPTION_LIST_MAX);
  }
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map(({ total: _total, updatedAt, ...r }) => ({
      ...(withoutNulls(r) as Omit<ExceptionTagRow, 'updatedAt'>),
      ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}),
    })),
  };
}
