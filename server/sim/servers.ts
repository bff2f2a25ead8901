import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { serverHealth, servers, type ServerState, type Usage } from '../db/schema/index';
import { raiseSystemAlarms, type SystemAlarmInput } from './alarms';
import type { SimModule, TickContext } from './context';
import { clearFault, faultSince, hasSimulatedFault, markFault, type SimulatedService } from './faults';
import { unitHash } from './rng';
import { jitterUsage, jsonValues } from './usage';

const GIB = 1024 ** 3;
/** Figures for a server that never reported any (our choice, bytes). */
const DEFAULT_RAM: Usage = { used: 6 * GIB, total: 16 * GIB };
const DEFAULT_DISK: Usage = { used: 120 * GIB, total: 500 * GIB };
const MAX_SERVERS = 1_000;

/**
 * Servers report every few seconds and send a health sample every ten minutes; rarely one turns ALARM (a
 * service stops, a database member drops to RECOVERING) and comes back a few minutes later. The fault is
 * marked in the service list (faults.ts), so only the simulator's own flips are undone, even after a restart.
 */
export function serversModule(): SimModule {
  return {
    name: 'servers',
    async tick(ctx) {
      const s = ctx.settings;
      if (ctx.due('servers.restore', s.recoveryCheckEveryMs)) await restoreDue(ctx);
      if (ctx.rng.happens(ctx.dt, s.serverFlipEveryMs)) await flipOne(ctx);
      if (ctx.due('servers.report', s.serverReportEveryMs)) {
        await ctx.deps.db.update(servers).set({ reportTime: ctx.now, systemTime: ctx.now }).where(ne(servers.status, 'OFFLINE'));
      }
      if (ctx.due('servers.health', s.healthSampleEveryMs)) await sampleHealth(ctx);
    },
  };
}

function alarm(
  type: SystemAlarmInput['type'],
  server: { id: string; name: string },
  extra: Record<string, unknown> = {},
): SystemAlarmInput {
  return { type, location: 'SYSTEM', data: { serverId: server.id, name: server.name, ...extra } };
}

async function flipOne(ctx: TickContext) {
  const { db } = ctx.deps;
  const candidates = await db
    .select({ id: servers.id, name: servers.name, type: servers.type, state: servers.state, serviceStatusList: servers.serviceStatusList })
    .from(servers)
    .where(eq(servers.status, 'NORMAL'))
    .orderBy(asc(servers.id))
    .limit(MAX_SERVERS);
  const server = ctx.rng.pick(candidates);
  if (!server) return;
  const state: ServerState = server.type === 'database' ? 'RECOVERING' : server.state;
  const down = ctx.rng.int(0, Math.max(0, server.serviceStatusList.length - 1));
  const serviceStatusList = markFault(server.serviceStatusList, [down], 'STOPPED', ctx.now, { priorState: server.state }, server.type);
  await db
    .update(servers)
    .set({ status: 'ALARM', state, serviceStatusList })
    .where(and(eq(servers.id, server.id), eq(servers.status, 'NORMAL')));
  const alarms = [alarm('SERVER_STATUS_ABNORMAL', server), alarm('SERVICE_ABNORMAL', server, { service: serviceStatusList[down]?.name })];
  if (state !== server.state) alarms.push(alarm('DB_STATUS_CHANGED', server, { from: server.state, to: state }));
  await raiseSystemAlarms(db, alarms, ctx.now);
}

async function restoreDue(ctx: TickContext) {
  const { db } = ctx.deps;
  const s = ctx.settings;
  const faulty = await db
    .select({ id: servers.id, name: servers.name, type: servers.type, state: servers.state, serviceStatusList: servers.serviceStatusList })
    .from(servers)
    .where(and(eq(servers.status, 'ALARM'), hasSimulatedFault(servers.serviceStatusList)))
    .orderBy(asc(servers.id))
    .limit(MAX_SERVERS);
  for (const server of faulty) {
    const list = server.serviceStatusList as SimulatedService[];
    const since = faultSince(list) ?? 0;
    const lasts = s.serverFlipMinMs + unitHash(ctx.seed, 'server-flip', server.id, since) * (s.serverFlipMaxMs - s.serverFlipMinMs);
    if (since + lasts > ctx.now.getTime()) continue;
    const { list: serviceStatusList, priorState } = clearFault(list, ctx.now);
    const state = (priorState as ServerState | undefined) ?? server.state;
    await db.update(servers).set({ status: 'NORMAL', state, serviceStatusList, reportTime: ctx.now }).where(eq(servers.id, server.id));
    const alarms = [alarm('SERVER_STATUS_NORMAL', server), alarm('SERVICE_NORMAL', server)];
    if (state !== server.state) alarms.push(alarm('DB_STATUS_CHANGED', server, { from: server.state, to: state }));
    await raiseSystemAlarms(db, alarms, ctx.now);
  }
}

async function sampleHealth(ctx: TickContext) {
  const { db } = ctx.deps;
  const reporting = await db
    .select({ id: servers.id, status: servers.status, ramUsage: servers.ramUsage, diskUsage: servers.diskUsage })
    .from(servers)
    .where(ne(servers.status, 'OFFLINE'))
    .orderBy(asc(servers.id))
    .limit(MAX_SERVERS);
  if (!reporting.length) return;
  const next = reporting.map((r) => ({
    r,
    ram: jitterUsage(ctx.rng, r.ramUsage ?? DEFAULT_RAM),
    disk: jitterUsage(ctx.rng, r.diskUsage ?? DEFAULT_DISK),
    cpu: Math.round(ctx.rng.range(3, r.status === 'NORMAL' ? 45 : 90) * 10) / 10,
  }));
  await db.insert(serverHealth).values(
    next.map(({ r, ram, disk, cpu }) => ({
      serverId: r.id,
      time: ctx.now,
      status: r.status,
      cpu,
      diskUsed: disk.used,
      diskTotal: disk.total,
      ramUsed: ram.used,
      ramTotal: ram.total,
    })),
  );
  await db.execute(sql`
    update ${servers} set ram_usage = v.ram::jsonb, disk_usage = v.disk::jsonb
    from (values ${jsonValues(next.map(({ r, ram, disk }) => [r.id, ram, disk]))}) as v(id, ram, disk)
    where ${servers.id} = v.id`);
}
