import { and, asc, count, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { gatewayHealth, gateways, stores, type DiskUsage, type HealthStatus, type Usage } from '../db/schema/index';
import { GATEWAY_LOG_DISK_PATH, GATEWAY_RAMDISK_PATH } from '../../contract/schemas/constants-core';
import { raiseGatewayAlarms, raiseSystemAlarms } from './alarms';
import type { SimModule, TickContext } from './context';
import { clearFault, hasSimulatedFault, markFault, type SimulatedService } from './faults';
import { jitterUsage, jsonValues } from './usage';

const MIB = 1024 * 1024;
/** Sizes for a gateway that never reported any (our choice, in bytes like the rest of the usage figures). */
const DEFAULT_RAM: Usage = { used: 180 * MIB, total: 512 * MIB };
const DEFAULT_DISKS: DiskUsage[] = [
  { path: '/', used: 900 * MIB, total: 3_800 * MIB },
  { path: GATEWAY_RAMDISK_PATH, used: 20 * MIB, total: 64 * MIB },
  { path: GATEWAY_LOG_DISK_PATH, used: 8 * MIB, total: 32 * MIB },
];
/** Most faulty gateways looked at for recovery in one tick. */
const RECOVERY_BATCH = 100;
/** Most gateways sampled in one health round. */
const HEALTH_BATCH = 5_000;

/**
 * Gateways report, now and then one goes ALARM or OFFLINE and recovers later; stores follow their gateways.
 * Only faults the simulator caused recover (faults.ts): the demo's OFFLINE store and ALARM gateways stay.
 * A gateway that never reported (lastStatusTime null) is left alone: it is not installed yet.
 */
export function gatewaysModule(): SimModule {
  return {
    name: 'gateways',
    async tick(ctx) {
      const s = ctx.settings;
      const changedStores = new Set<string>();
      if (ctx.rng.happens(ctx.dt, s.gatewayFaultEveryMs)) await faultOne(ctx, changedStores);
      const since = ctx.elapsed('gateways.recover', s.recoveryCheckEveryMs);
      if (since) await recover(ctx, since, changedStores);
      if (ctx.due('gateways.report', s.gatewayReportEveryMs)) {
        await ctx.deps.db.update(gateways).set({ lastStatusTime: ctx.now }).where(ne(gateways.status, 'OFFLINE'));
      }
      if (ctx.due('gateways.rollup', s.storeRollupEveryMs)) await rollUpStores(ctx);
      else if (changedStores.size) await rollUpStores(ctx, [...changedStores]);
      if (ctx.due('gateways.health', s.healthSampleEveryMs)) await sampleHealth(ctx);
    },
  };
}

async function faultOne(ctx: TickContext, changedStores: Set<string>) {
  const { db } = ctx.deps;
  const healthy = and(eq(gateways.status, 'NORMAL'), isNotNull(gateways.lastStatusTime));
  const [{ n }] = await db.select({ n: count() }).from(gateways).where(healthy);
  if (!n) return;
  const [gw] = await db
    .select({ gwMac: gateways.gwMac, storeCode: gateways.storeCode, companyCode: stores.companyCode, services: gateways.serviceStatusList })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(healthy)
    .orderBy(asc(gateways.gwMac))
    .limit(1)
    .offset(ctx.rng.int(0, n - 1));
  if (!gw) return;
  const status: HealthStatus = ctx.rng.chance(ctx.settings.gatewayOfflineShare) ? 'OFFLINE' : 'ALARM';
  // OFFLINE: every service unknown and lastStatusTime stays at the last report; ALARM: the gmp service stops.
  const gmp = Math.max(
    0,
    gw.services.findIndex((svc) => svc.name === 'gmp'),
  );
  const serviceStatusList =
    status === 'OFFLINE'
      ? markFault(
          gw.services,
          gw.services.map((_, i) => i),
          'UNKNOWN',
          ctx.now,
        )
      : markFault(gw.services, [gmp], 'STOPPED', ctx.now);
  const set =
    status === 'OFFLINE'
      ? { status, serviceStatusList, updatedAt: ctx.now }
      : { status, serviceStatusList, updatedAt: ctx.now, lastStatusTime: ctx.now };
  await db
    .update(gateways)
    .set(set)
    .where(and(eq(gateways.gwMac, gw.gwMac), eq(gateways.status, 'NORMAL')));
  changedStores.add(gw.storeCode);
  await raiseGatewayAlarms(db, [{ gwMac: gw.gwMac, storeCode: gw.storeCode, type: 'GW_STATUS_ABNORMAL' }], ctx.now);
  await raiseSystemAlarms(
    db,
    [{ type: 'GW_STATUS_ABNORMAL', location: gw.storeCode, companyCode: gw.companyCode, data: { gwMac: gw.gwMac, status } }],
    ctx.now,
  );
}

async function recover(ctx: TickContext, since: number, changedStores: Set<string>) {
  const { db } = ctx.deps;
  const s = ctx.settings;
  const faulty = await db
    .select({ gwMac: gateways.gwMac, storeCode: gateways.storeCode, companyCode: stores.companyCode, services: gateways.serviceStatusList })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(
      and(
        ne(gateways.status, 'NORMAL'),
        hasSimulatedFault(gateways.serviceStatusList),
        lte(gateways.updatedAt, new Date(ctx.now.getTime() - s.gatewayMinDownMs)),
      ),
    )
    .orderBy(asc(gateways.gwMac))
    .limit(RECOVERY_BATCH);
  const back = faulty.filter(() => ctx.rng.happens(since, s.gatewayMeanDownMs));
  if (!back.length) return;
  for (const g of back) {
    const { list } = clearFault(g.services as SimulatedService[], ctx.now);
    await db
      .update(gateways)
      .set({ status: 'NORMAL', serviceStatusList: list, updatedAt: ctx.now, lastStatusTime: ctx.now })
      .where(eq(gateways.gwMac, g.gwMac));
  }
  for (const g of back) changedStores.add(g.storeCode);
  await raiseGatewayAlarms(
    db,
    back.map((g) => ({ gwMac: g.gwMac, storeCode: g.storeCode, type: 'GW_STATUS_NORMAL' as const })),
    ctx.now,
  );
  await raiseSystemAlarms(
    db,
    back.map((g) => ({
      type: 'GW_STATUS_NORMAL' as const,
      location: g.storeCode,
      companyCode: g.companyCode,
      data: { gwMac: g.gwMac, status: 'NORMAL' },
    })),
    ctx.now,
  );
}

/**
 * Store status from its gateways: all OFFLINE → OFFLINE, any not NORMAL (a NORMAL one without time sync
 * counts as ALARM, console-core §4) → ALARM, else NORMAL. Stores without gateways keep their status.
 */
export async function rollUpStores(ctx: TickContext, only?: string[]) {
  const { db } = ctx.deps;
  const g = db
    .select({
      storeCode: gateways.storeCode,
      status: sql<HealthStatus>`case
        when count(*) filter (where ${gateways.status} <> 'OFFLINE') = 0 then 'OFFLINE'
        when count(*) filter (where ${gateways.status} <> 'NORMAL' or ${gateways.timeSync} = 0) > 0 then 'ALARM'
        else 'NORMAL' end`.as('rolled_status'),
    })
    .from(gateways)
    .where(only ? inArray(gateways.storeCode, only) : undefined)
    .groupBy(gateways.storeCode)
    .as('g');
  await db
    .update(stores)
    .set({ status: sql`${g.status}` })
    .from(g)
    .where(and(eq(stores.storeCode, g.storeCode), ne(stores.status, g.status)));
}

async function sampleHealth(ctx: TickContext) {
  const { db } = ctx.deps;
  const reporting = await db
    .select({ gwMac: gateways.gwMac, status: gateways.status, ramUsage: gateways.ramUsage, diskUsage: gateways.diskUsage })
    .from(gateways)
    .where(ne(gateways.status, 'OFFLINE'))
    .orderBy(asc(gateways.gwMac))
    .limit(HEALTH_BATCH);
  if (!reporting.length) return;
  const next = reporting.map((gw) => {
    const ram = jitterUsage(ctx.rng, gw.ramUsage ?? DEFAULT_RAM);
    const known = gw.diskUsage.length ? gw.diskUsage : DEFAULT_DISKS;
    const disks = known.map((d) => ({ ...d, ...jitterUsage(ctx.rng, d) }));
    return { gw, ram, disks };
  });
  const disk = (disks: DiskUsage[], path: string) => disks.find((d) => d.path === path);
  await db.insert(gatewayHealth).values(
    next.map(({ gw, ram, disks }) => ({
      gwMac: gw.gwMac,
      time: ctx.now,
      status: gw.status,
      ramUsed: ram.used,
      ramTotal: ram.total,
      ramdiskUsed: disk(disks, GATEWAY_RAMDISK_PATH)?.used,
      ramdiskTotal: disk(disks, GATEWAY_RAMDISK_PATH)?.total,
      logDiskUsed: disk(disks, GATEWAY_LOG_DISK_PATH)?.used,
      logDiskTotal: disk(disks, GATEWAY_LOG_DISK_PATH)?.total,
    })),
  );
  // One statement for all gateways: the current figures shown on the gateway detail.
  await db.execute(sql`
    update ${gateways} set ram_usage = v.ram::jsonb, disk_usage = v.disk::jsonb
    from (values ${jsonValues(next.map(({ gw, ram, disks }) => [gw.gwMac, ram, disks]))}) as v(mac, ram, disk)
    where ${gateways.gwMac} = v.mac`);
}
