import { and, eq, inArray, lte } from 'drizzle-orm';
import { plusDevices, plusSoftware } from '../db/schema/index';
import type { TickContext } from './context';

/*
 * Software pushes (POST /plus/store/:storeCode/sw|launcher/file): an uploaded package is offered to the store's
 * devices. Once plusInstallMs has passed, each ONLINE device of the package's model (every model when the name
 * carries none) that runs an older version installs it and reports the new version: player for 'sw', launcher
 * for 'launcher'. Devices only move up, so removing the newest package does not roll them back.
 */

/** -1, 0 or 1 by numeric parts: '3.10.0' is newer than '3.9.2'. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

const isVersion = (v: string | null): v is string => Boolean(v && /^\d+(\.\d+)*$/.test(v));
const COLUMN = { sw: 'player', launcher: 'launcher' } as const;

export async function installPushedSoftware(ctx: TickContext): Promise<void> {
  const { db } = ctx.deps;
  const ready = await db
    .select({ storeCode: plusSoftware.storeCode, kind: plusSoftware.kind, model: plusSoftware.model, ver: plusSoftware.ver })
    .from(plusSoftware)
    .where(
      and(
        inArray(plusSoftware.kind, ['sw', 'launcher']),
        lte(plusSoftware.updatedAt, new Date(ctx.now.getTime() - ctx.settings.plusInstallMs)),
      ),
    );
  const packages = ready.filter((p) => isVersion(p.ver));
  if (!packages.length) return;
  const devices = await db
    .select({
      mac: plusDevices.mac,
      storeCode: plusDevices.storeCode,
      model: plusDevices.model,
      player: plusDevices.player,
      launcher: plusDevices.launcher,
    })
    .from(plusDevices)
    .where(and(eq(plusDevices.status, 'ONLINE'), inArray(plusDevices.storeCode, [...new Set(packages.map((p) => p.storeCode))])));
  for (const device of devices) {
    const update: Partial<Record<'player' | 'launcher', string>> = {};
    for (const p of packages) {
      if (p.storeCode !== device.storeCode || (p.model && p.model !== '-' && p.model !== device.model)) continue;
      const column = COLUMN[p.kind as 'sw' | 'launcher'];
      const running = update[column] ?? device[column] ?? '0';
      if (compareVersions(p.ver!, isVersion(running) ? running : '0') > 0) update[column] = p.ver!;
    }
    if (Object.keys(update).length)
      await db
        .update(plusDevices)
        .set({ ...update, recvTime: ctx.now })
        .where(eq(plusDevices.mac, device.mac));
  }
}
