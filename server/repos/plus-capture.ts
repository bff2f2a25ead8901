import { and, eq, inArray } from 'drizzle-orm';
import type { DeviceShowData, PlusCaptureInfo, Show, ShowObject } from '../../src/api/contract/plus';
import type { PlusShow } from '../db/schema/plus';
import type { Db } from '../db/client';
import { plusAssets, plusDeviceShows } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { currentSlide, drawScreen } from '../lib/plus-screen';
import { findDevice } from './plus-commands';

type Kind = 'vision' | 'screen';

/**
 * When the capture was taken. The screen image is drawn on request from what the device plays, so it is as
 * fresh as the device's last report; the simulated devices have no camera, so a vision capture exists only
 * when a device has stored one (visionUpdatedAt).
 */
export async function captureInfo(db: Db, storeCode: string, mac: string, kind: Kind): Promise<PlusCaptureInfo> {
  const d = await findDevice(db, storeCode, mac);
  const at = kind === 'vision' ? d.visionUpdatedAt : (d.screenUpdatedAt ?? d.recvTime);
  return { updatedAt: at ? at.toISOString() : null };
}

export async function screenImage(db: Db, storeCode: string, mac: string, kind: Kind, now: Date): Promise<Buffer> {
  const d = await findDevice(db, storeCode, mac);
  if (kind === 'vision') throw notFound(`Device ${d.mac} has sent no camera image.`);
  const [shows] = await db.select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, d.mac));
  const list = shows?.show ?? [];
  const index = currentSlide(list, d.showIdx, now);
  const slide = index === null ? undefined : list[index];
  const assetIds = (slide?.object ?? []).filter((o) => ['image', 'video', 'widget'].includes(o.type)).map((o) => Number(o.id)).filter(Number.isSafeInteger);
  const assets = assetIds.length
    ? await db.select({ id: plusAssets.id, name: plusAssets.name }).from(plusAssets).where(and(eq(plusAssets.storeCode, storeCode), inArray(plusAssets.id, assetIds)))
    : [];
  const names = new Map(assets.map((a) => [String(a.id), a.name]));
  const nameOf = (type: string, id: string | number) => (type === 'product' ? `product ${id}` : (names.get(String(id)) ?? `${type} ${id}`));
  return drawScreen(shows?.screenWidth ?? 1920, shows?.screenHeight ?? 158, slide, nameOf);
}

/** The device's show list and screen size (plus-signage §3 device show data); defaults for a device without one. */
export async function deviceShowData(db: Db, storeCode: string, mac: string): Promise<DeviceShowData> {
  const d = await findDevice(db, storeCode, mac);
  const [row] = await db.select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, d.mac));
  return { screenWidth: row?.screenWidth ?? 1920, screenHeight: row?.screenHeight ?? 158, show: (row?.show ?? []).map(answerShow), productShowIdx: row?.productShowIdx ?? null };
}

/** Stored shows may hold schedule ids as numbers and no empty flag; the answer has the contract's shape. */
function answerShow(s: PlusShow): Show {
  return { ...s, empty: s.empty ?? s.object.length === 0, schedule: s.schedule.map(String), object: s.object as ShowObject[] };
}
