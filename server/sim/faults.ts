import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ServiceStatus } from '../db/schema/index';

/**
 * A fault the simulator causes is written into the device's service list: the services it stops carry
 * `simulated: true` and their previous status. Recovery looks for that mark in the database, so that
 * - only the simulator's own faults are undone (the demo data's OFFLINE store and ALARM gateways stay), and
 * - a restart never strands a simulated fault: the mark survives the process.
 */
export interface SimulatedService extends ServiceStatus {
  simulated?: true;
  /** Status before the fault. */
  was?: string;
  /** The entry did not exist before the fault. */
  added?: true;
  /** Server state before the fault (a database member dropped to RECOVERING). */
  priorState?: string;
}

/** The list with the services at `indexes` set to `status` and marked; an empty list gets one marked entry. */
export function markFault(
  list: ServiceStatus[],
  indexes: number[],
  status: string,
  at: Date,
  extra: Partial<SimulatedService> = {},
  addedName = 'gmp',
): SimulatedService[] {
  const updatedAt = at.toISOString();
  if (!list.length) return [{ name: addedName, status, updatedAt, simulated: true, added: true, ...extra }];
  return list.map((svc, i) =>
    indexes.includes(i) ? { ...svc, status, updatedAt, simulated: true as const, was: svc.status, ...extra } : svc,
  );
}

/** The list as it was before the fault, and the marks' extra data (e.g. priorState). */
export function clearFault(list: SimulatedService[], at: Date): { list: ServiceStatus[]; priorState?: string } {
  const updatedAt = at.toISOString();
  let priorState: string | undefined;
  const restored: ServiceStatus[] = [];
  for (const svc of list) {
    if (!svc.simulated) {
      restored.push(svc);
      continue;
    }
    priorState ??= svc.priorState;
    if (svc.added) continue;
    const { simulated: _s, was, added: _a, priorState: _p, ...rest } = svc;
    restored.push({ ...rest, status: was ?? 'RUNNING', updatedAt });
  }
  return { list: restored, priorState };
}

/** When the fault began (the marks' updatedAt). */
export function faultSince(list: SimulatedService[]): number | undefined {
  const mark = list.find((svc) => svc.simulated);
  const at = typeof mark?.updatedAt === 'string' ? Date.parse(mark.updatedAt) : NaN;
  return Number.isFinite(at) ? at : undefined;
}

/** SQL condition: the service list carries a simulated fault. */
export function hasSimulatedFault(column: PgColumn): SQL {
  return sql`${column} @> '[{"simulated": true}]'::jsonb`;
}
