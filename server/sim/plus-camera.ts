import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { plusDevices } from '../db/schema/index';
import { fileStoreOf } from '../lib/file-store';
import { drawCameraPicture, visionKey } from '../lib/plus-camera';
import type { TickContext } from './context';

/** Most pictures taken in one tick: each is a sharp render of a few milliseconds. */
const CAMERA_BATCH = 5;

/**
 * ONLINE devices photograph the aisle every plusCameraEveryMs (the picture is drawn by server/lib/plus-camera.ts)
 * and report it: the file is stored and visionUpdatedAt set, which the console's camera image reads. Devices that
 * never took one go first.
 */
export async function takeCameraPictures(ctx: TickContext): Promise<void> {
  const { db, config } = ctx.deps;
  const due = await db
    .select({ mac: plusDevices.mac, storeCode: plusDevices.storeCode })
    .from(plusDevices)
    .where(
      and(
        eq(plusDevices.status, 'ONLINE'),
        or(
          isNull(plusDevices.visionUpdatedAt),
          lte(plusDevices.visionUpdatedAt, new Date(ctx.now.getTime() - ctx.settings.plusCameraEveryMs)),
        ),
      ),
    )
    .orderBy(sql`${plusDevices.visionUpdatedAt} asc nulls first`, asc(plusDevices.mac))
    .limit(CAMERA_BATCH);
  const files = fileStoreOf(config.dataDir);
  for (const device of due) {
    await files.write(visionKey(device.storeCode, device.mac), [await drawCameraPicture(device.mac, ctx.now)]);
    await db.update(plusDevices).set({ visionUpdatedAt: ctx.now }).where(eq(plusDevices.mac, device.mac));
  }
}
