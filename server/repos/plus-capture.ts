import { and, eq, inArray } from 'drizzle-orm';
import type { DeviceShowData, PlusCaptureInfo, Show, ShowObject } from '../../contract/schemas/plus';
import type { PlusShow } from '../db/schema/plus';
import type { Db } from '../db/client';
import { plusAssets, plusDeviceShows } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { drawScreen } from '../lib/plus-screen';
import { deviceSlide } from './plus-playback';
import { visionKey } from '../lib/plus-camera';
import { findDevice } from './plus-commands';
import { plusProductTexts } from './plus-products';

type Kind = 'vision' | 'screen';

/**
 * When the capture was taken. The screen image is drawn on request from what the device plays, so it is as
 * fresh as the device's last report; a vision (camera) picture exists once the device has sent one
 * (visionUpdatedAt; the simulated devices take theirs in server/sim/plus-camera.ts).
 */
export async function captureInfo(db: Db, storeCode: string, mac: string, kind: Kind): Promise<PlusCaptureInfo> {
  const d = await findDevice(db, storeCode, mac);
  const at = kind === 'vision' ? d.visionUpdatedAt : (d.screenUpdatedAt ?? d.recvTime);
  return { updatedAt: at ? at.toISOString() : null };
}

/** The device's last camera picture, by its file key; a 404 when it has sent none. */
export async function visionPicture(db: Db, storeCode: string, mac: string): Promise<string> {
  const d = await findDevice(db, storeCode, mac);
  if (!d.visionUpdatedAt) throw notFound(`Device ${d.mac} has sent no camera image.`);
  return visionKey(d.storeCode, d.mac);
}

export async function screenImage(db: Db, storeCode: string, mac: string, now: Date): Promise<Buffer> {
  const d = await findDevice(db, storeCode, mac);
  const [shows] = await db.select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, d.mac));
  const list = shows?.show ?? [];
  const index = await deviceSlide(db, d, shows, now);
  const slide = index === null ? undefined : list[index];
  const assetIds = (slide?.object ?? [])
    .filter((o) => ['image', 'video', 'widget'].includes(o.type))
    .map((o) => Number(o.id))
    .filter(Number.isSafeInteger);
  const assets = assetIds.length
    ? await db
        .select({ id: plusAssets.id, name: plusAssets.name })
        .from(plusAssets)
        .where(and(eq(plusAssets.storeCode, storeCode), inArray(plusAssets.id, assetIds)))
    : [];
  const names = new Map(assets.map((a) => [String(a.id), a.name]));
  // Product objects show their product's data as the Plus data decorator leaves it (repos/plus-products.ts).
  const products = await plusProductTexts(db, storeCode, d.product ?? [], slide);
  const nameOf = (type: string, id: string | number) =>
    type === 'product' ? (products.get(String(id)) ?? `product ${id}`) : (names.get(String(id)) ?? `${type} ${id}`);
  return drawScreen(shows?.screenWidth ?? 1920, shows?.screenHeight ?? 158, slide, nameOf);
}

/** The device's show list and screen size (plus-signage §3 device show data); defaults for a device without one. */
export async function deviceShowData(db: Db, storeCode: string, mac: string): Promise<DeviceShowData> {
  const d = await findDevice(db, storeCode, mac);
  const [row] = await db.select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, d.mac));
  return {
    screenWidth: row?.screenWidth ?? 1920,
    screenHeight: row?.screenHeight ?? 158,
    show: (row?.show ?? []).map(answerShow),
    productShowIdx: row?.productShowIdx ?? null,
  };
}

/** Stored shows may hold schedule ids as numbers and no empty flag; the answer has the contract's shape. */
function answerShow(s: PlusShow): Show {
  return { ...s, empty: s.empty ?? s.object.length === 0, schedule: s.schedule.map(String), object: s.object as ShowObject[] };
}
