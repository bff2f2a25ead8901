import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { plusDevices, plusHistory, v1Devices } from '../db/schema/index';
import type { SimModule, TickContext } from './context';
import { playShows } from './plus-playback';
import { takeCameraPictures } from './plus-camera';
import { installPushedSoftware } from './plus-software';

/** Most offline devices looked at for recovery in one tick. */
const RECOVERY_BATCH = 100;

/**
 * Plus signage devices: online ones report (recvTime), now and then one drops offline and comes back later.
 * A device has no service list to mark a simulated fault in (faults.ts), so recovery is read from recvTime:
 * a device silent for less than plusMaxDownMs is one the simulator dropped; longer silences (the demo's
 * switched-off devices, hours or days) and devices that never reported are left alone.
 */
export function plusModule(): SimModule {
  const playing = new Map<string, number | null>();
  return {
    name: 'plus',
    async tick(ctx) {
      const s = ctx.settings;
      await playShows(ctx, playing);
      if (ctx.rng.happens(ctx.dt, s.plusOfflineEveryMs)) await dropOne(ctx);
      const since = ctx.elapsed('plus.recover', s.recoveryCheckEveryMs);
      if (since) await recover(ctx, since);
      if (ctx.due('plus.reboot', s.recoveryCheckEveryMs)) await finishReboots(ctx);
      if (ctx.due('plus.install', s.recoveryCheckEveryMs)) await installPushedSoftware(ctx);
      await takeCameraPictures(ctx);
      if (ctx.due('plus.report', s.plusReportEveryMs)) {
        const { db } = ctx.deps;
        await db.update(plusDevices).set({ recvTime: ctx.now }).where(eq(plusDevices.status, 'ONLINE'));
        // The older signage family reports too; its connection is ONLINE/NORMAL when up.
        await db
          .update(v1Devices)
          .set({ recvTime: ctx.now })
          .where(inArray(v1Devices.connection, ['ONLINE', 'NORMAL']));
      }
    },
  };
}

async function dropOne(ctx: TickContext) {
  const { db } = ctx.deps;
  const online = eq(plusDevices.status, 'ONLINE');
  const [{ n }] = await db.select({ n: count() }).from(plusDevices).where(online);
  if (!n) return;
  const [device] = await db
    .select({ mac: plusDevices.mac })
    .from(plusDevices)
    .where(online)
    .orderBy(asc(plusDevices.mac))
    .limit(1)
    .offset(ctx.rng.int(0, n - 1));
  if (device) await db.update(plusDevices).set({ status: 'OFFLINE' }).where(eq(plusDevices.mac, device.mac));
}

async function recover(ctx: TickContext, since: number) {
  const { db } = ctx.deps;
  const s = ctx.settings;
  const offline = await db
    .select({ mac: plusDevices.mac })
    .from(plusDevices)
    .where(
      and(
        eq(plusDevices.status, 'OFFLINE'),
        gte(plusDevices.recvTime, new Date(ctx.now.getTime() - s.plusMaxDownMs)),
        lte(plusDevices.recvTime, new Date(ctx.now.getTime() - s.plusMinDownMs)),
      ),
    )
    .orderBy(asc(plusDevices.mac))
    .limit(RECOVERY_BATCH);
  const back = offline.filter(() => ctx.rng.happens(since, s.plusMeanDownMs));
  if (!back.length) return;
  await db
    .update(plusDevices)
    .set({ status: 'ONLINE', recvTime: ctx.now })
    .where(
      inArray(
        plusDevices.mac,
        back.map((d) => d.mac),
      ),
    );
}

/**
 * A reboot (server/repos/plus-commands.ts) sets the device OFFLINE with recvTime = the reboot time and records it
 * in the plus history. Once plusRebootMs has passed on the simulated clock, a device that has not reported since
 * its reboot comes back ONLINE. Sim time starts at real time and only runs ahead, so the comparison is sound.
 */
async function finishReboots(ctx: TickContext) {
  const { db } = ctx.deps;
  const doneBefore = new Date(ctx.now.getTime() - ctx.settings.plusRebootMs);
  const rebooted = sql`exists (
    select 1 from ${plusHistory} h
    where h.store = ${plusDevices.storeCode} and h.operation = 'Reboot'
      and h.updated_at >= ${plusDevices.recvTime} and h.updated_at <= ${doneBefore}
      and h.items @> jsonb_build_array(jsonb_build_object('mac', ${plusDevices.mac})))`;
  await db
    .update(plusDevices)
    .set({ status: 'ONLINE', recvTime: ctx.now })
    .where(and(eq(plusDevices.status, 'OFFLINE'), rebooted));
}
