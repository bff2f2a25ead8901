import { and, asc, eq, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { SystemAlarmType } from '../../contract/schemas/system-alarm-types';
import { gateways, products, stores, tags, uploadHistory } from '../db/schema/index';
import type { NotificationVariables } from '../lib/notification-template';
import { sendNotificationMail } from '../services/notification-mail';
import { raiseAlarmOnce } from '../repos/alarms';
import { enabledNotificationKeys } from '../repos/notifications';
import { raiseSystemAlarms } from './alarms';
import type { SimModule, TickContext } from './context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How often the three conditions are looked at (simulated time). */
export const NOTIFICATION_CHECK_MS = MINUTE;
/** gwOff1Hr: silent for an hour; notRecvCsv4Hr: no product file for four hours. */
// spec: core §9.13 — gateway offline over 1 h; no product file over 4 h; the daily report at 10 am
export const GATEWAY_OFFLINE_MS = HOUR;
export const NO_PRODUCT_FILE_MS = 4 * HOUR;
/** abnorTagProduct is a daily report (the default content says "at 10 am"), in the server's time zone. */
export const ABNORMAL_REPORT_HOUR = 10;
/** Most occurrences of one kind handled in one check; the rest come at the next. */
const BATCH = 100;

interface Occurrence {
  key: string;
  type: SystemAlarmType;
  storeCode: string;
  companyCode: string;
  /** Names the occurrence: the same one is looked at every minute but alarms and mails once. */
  occurrence: string;
  data: Record<string, unknown>;
  vars: NotificationVariables;
}

const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The notification keys (console-admin §3, §9) as the simulated world makes them happen: while a key is on,
 * each occurrence is recorded as a system alarm and mailed to the company's administrators exactly once.
 */
export function notificationsModule(): SimModule {
  let reportedDay = '';
  return {
    name: 'notifications',
    async tick(ctx) {
      if (!ctx.due('notifications.check', NOTIFICATION_CHECK_MS)) return;
      const enabled = new Set(await enabledNotificationKeys(ctx.deps.db));
      if (!enabled.size) return;
      const found: Occurrence[] = [];
      if (enabled.has('gwOff1Hr')) found.push(...(await offlineGateways(ctx)));
      if (enabled.has('notRecvCsv4Hr')) found.push(...(await silentProductFiles(ctx)));
      const day = localDay(ctx.now);
      if (enabled.has('abnorTagProduct') && ctx.now.getHours() >= ABNORMAL_REPORT_HOUR && reportedDay !== day) {
        reportedDay = day;
        found.push(...(await abnormalPairs(ctx, day)));
      }
      for (const o of found) await notify(ctx, o);
    },
  };
}

async function notify(ctx: TickContext, o: Occurrence): Promise<void> {
  const { db } = ctx.deps;
  const fresh = await raiseAlarmOnce(
    db,
    { type: o.type, location: o.storeCode, companyCode: o.companyCode, occurrence: o.occurrence, data: o.data },
    ctx.now,
  );
  if (!fresh) return;
  const outcome = await sendNotificationMail(
    db,
    { key: o.key, companyCode: o.companyCode, vars: o.vars },
    { allowPlainAuth: ctx.deps.config.smtpAllowPlainAuth },
  );
  // Mail that could not go is itself an alarm (console-core §8 "Send email failure"); "SMTP off" is a choice, not a failure.
  if (!outcome.sent && outcome.reason !== 'SMTP is not enabled') {
    await raiseSystemAlarms(
      db,
      [{ type: 'SEND_EMAIL_FAILURE', location: o.storeCode, companyCode: o.companyCode, data: { key: o.key, reason: outcome.reason } }],
      ctx.now,
    );
  }
}

const baseVars = (r: { companyCode: string; storeCode: string; storeName: string }, now: Date) => ({
  company: r.companyCode,
  store: r.storeCode,
  storeName: r.storeName,
  time: now.toISOString(),
});

/** Gateways OFFLINE whose last report is an hour old or more; a gateway that never reported is not installed yet. */
async function offlineGateways(ctx: TickContext): Promise<Occurrence[]> {
  const rows = await ctx.deps.db
    .select({
      gwMac: gateways.gwMac,
      storeCode: gateways.storeCode,
      companyCode: stores.companyCode,
      storeName: stores.storeName,
      since: gateways.lastStatusTime,
    })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(
      and(
        eq(gateways.status, 'OFFLINE'),
        isNotNull(gateways.lastStatusTime),
        lte(gateways.lastStatusTime, new Date(ctx.now.getTime() - GATEWAY_OFFLINE_MS)),
      ),
    )
    .orderBy(asc(gateways.gwMac))
    .limit(BATCH);
  return rows.map((r) => {
    const since = r.since!.toISOString();
    return {
      key: 'gwOff1Hr',
      type: 'GW_OFFLINE_1HR',
      storeCode: r.storeCode,
      companyCode: r.companyCode,
      occurrence: `gwOff1Hr/${r.gwMac}/${since}`,
      data: { gwMac: r.gwMac, since },
      vars: { ...baseVars(r, ctx.now), gwMac: r.gwMac, since },
    };
  });
}

/** Stores whose newest product file is four hours old or more; a store that never got one does not use files. */
async function silentProductFiles(ctx: TickContext): Promise<Occurrence[]> {
  const last = max(uploadHistory.received);
  const rows = await ctx.deps.db
    .select({ storeCode: stores.storeCode, companyCode: stores.companyCode, storeName: stores.storeName, since: last })
    .from(uploadHistory)
    .innerJoin(stores, eq(stores.storeCode, uploadHistory.storeCode))
    .where(eq(uploadHistory.fileType, 'product'))
    .groupBy(stores.storeCode, stores.companyCode, stores.storeName)
    .having(lte(last, new Date(ctx.now.getTime() - NO_PRODUCT_FILE_MS)))
    .orderBy(asc(stores.storeCode))
    .limit(BATCH);
  return rows.map((r) => {
    const since = new Date(r.since as unknown as string | Date).toISOString();
    return {
      key: 'notRecvCsv4Hr',
      type: 'PRODUCT_FILE_NOT_RECEIVED_4HR',
      storeCode: r.storeCode,
      companyCode: r.companyCode,
      occurrence: `notRecvCsv4Hr/${r.storeCode}/${since}`,
      data: { since },
      vars: { ...baseVars(r, ctx.now), since },
    };
  });
}

/** Per store, the tags linked to a product code the store has no product for: one report a day. */
async function abnormalPairs(ctx: TickContext, day: string): Promise<Occurrence[]> {
  const rows = await ctx.deps.db
    .select({
      storeCode: stores.storeCode,
      companyCode: stores.companyCode,
      storeName: stores.storeName,
      count: sql<number>`count(*)::int`,
    })
    .from(tags)
    .innerJoin(stores, eq(stores.storeCode, tags.storeCode))
    .where(
      and(
        isNotNull(tags.prCode),
        sql`not exists (select 1 from ${products} where ${products.storeCode} = ${tags.storeCode} and ${products.prCode} = ${tags.prCode})`,
      ),
    )
    .groupBy(stores.storeCode, stores.companyCode, stores.storeName)
    .orderBy(asc(stores.storeCode))
    .limit(BATCH);
  return rows.map((r) => ({
    key: 'abnorTagProduct',
    type: 'ABNORMAL_TAG_PRODUCT',
    storeCode: r.storeCode,
    companyCode: r.companyCode,
    occurrence: `abnorTagProduct/${r.storeCode}/${day}`,
    data: { count: r.count, day },
    vars: { ...baseVars(r, ctx.now), count: String(r.count) },
  }));
}
