import { and, eq, inArray } from 'drizzle-orm';
import type { DeviceShowSaveAnswer, DeviceShowSaveBody, Show } from '../../contract/schemas/plus';
import { productChoiceCount, sameShowLists, showsForSave } from '../../contract/plus-show-rules';
import type { Db } from '../db/client';
import { plusAssets, plusDeviceShows, plusDevices, plusSchedules, plusTemplates } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import { findDevice } from './plus-commands';
import { recordHistory, type Actor } from './plus';

/*
 * Saving a device's show list (plus-signage §2.3, §4, §5). Every asset and schedule a slide names must be the
 * store's own, so that a device never plays another store's file; the template rule of §4 is decided here.
 */

const SCREEN_DEFAULT = { width: 1920, height: 158 };
const ASSET_TYPES = ['image', 'video', 'widget'] as const;
type AssetType = (typeof ASSET_TYPES)[number];

/** Ids of one kind named by the list that are not in the store: the first one is refused by name. */
async function requireAssets(db: Db, storeCode: string, shows: Show[]): Promise<void> {
  for (const type of ASSET_TYPES) {
    const ids = [...new Set(shows.flatMap((s) => s.object.filter((o) => o.type === type).map((o) => String(o.id))))];
    if (!ids.length) continue;
    const bad = ids.find((id) => !/^\d{1,15}$/.test(id));
    if (bad !== undefined) throw badRequest(`The ${type} ${bad} does not exist in store ${storeCode}.`, 'UNKNOWN_ASSET');
    const rows = await db
      .select({ id: plusAssets.id })
      .from(plusAssets)
      .where(and(eq(plusAssets.storeCode, storeCode), eq(plusAssets.type, type as AssetType), inArray(plusAssets.id, ids.map(Number))));
    const known = new Set(rows.map((r) => String(r.id)));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`The ${type} ${unknown} does not exist in store ${storeCode}.`, 'UNKNOWN_ASSET');
  }
}

async function requireSchedules(db: Db, storeCode: string, shows: Show[]): Promise<void> {
  const ids = [...new Set(shows.flatMap((s) => s.schedule.map(String)))];
  if (!ids.length) return;
  const bad = ids.find((id) => !/^\d{1,15}$/.test(id));
  if (bad !== undefined) throw badRequest(`The schedule ${bad} does not exist in store ${storeCode}.`, 'UNKNOWN_SCHEDULE');
  const rows = await db
    .select({ id: plusSchedules.id })
    .from(plusSchedules)
    .where(and(eq(plusSchedules.storeCode, storeCode), inArray(plusSchedules.id, ids.map(Number))));
  const known = new Set(rows.map((r) => String(r.id)));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw badRequest(`The schedule ${unknown} does not exist in store ${storeCode}.`, 'UNKNOWN_SCHEDULE');
}

/** Product numbers come from the choice list (2 × ⌊width / 180⌋ entries); webpages need an address. */
function checkObjects(shows: Show[], screenWidth: number): void {
  const choices = productChoiceCount(screenWidth);
  shows.forEach((show, i) =>
    show.object.forEach((o) => {
      if (o.type === 'product') {
        const n = Number(o.id);
        if (!Number.isInteger(n) || n < 0 || n >= choices) {
          throw badRequest(
            `Slide ${i + 1}: the product number ${String(o.id)} is not between 0 and ${choices - 1}.`,
            'INVALID_PRODUCT_NUMBER',
          );
        }
      }
      if (o.type === 'webpage' && !String(o.id).trim()) throw badRequest(`Slide ${i + 1}: a webpage needs an address.`, 'INVALID_WEBPAGE');
    }),
  );
}

/**
 * Stores the list. A device linked to a template stays linked only while the list equals the template's show
 * (plus-signage §4); otherwise the template is cleared and the customised list kept. Answers the template after.
 */
// spec: plus §3.8, plus §4.3, plus §7.10 — the device show list; detached from its template when it differs
export async function saveDeviceShow(
  db: Db,
  actor: Actor,
  path: string,
  mac: string,
  body: DeviceShowSaveBody,
): Promise<DeviceShowSaveAnswer> {
  return db.transaction(async (tx) => {
    const device = await findDevice(tx, actor.storeCode, mac);
    const [stored] = await tx.select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, device.mac));
    const screenWidth = stored?.screenWidth ?? SCREEN_DEFAULT.width;
    // Left out, the stored index stays while it still names a slide; given, it must name one.
    const kept = stored?.productShowIdx ?? null;
    const productShowIdx =
      body.productShowIdx === undefined ? (kept !== null && kept < body.show.length ? kept : null) : body.productShowIdx;
    if (productShowIdx !== null && productShowIdx >= body.show.length) {
      throw badRequest(`The product show index ${productShowIdx} names no slide of ${body.show.length}.`, 'INVALID_PRODUCT_SHOW');
    }
    checkObjects(body.show, screenWidth);
    await requireAssets(tx, actor.storeCode, body.show);
    await requireSchedules(tx, actor.storeCode, body.show);
    const show = showsForSave(body.show, 'device');

    let template = device.template ?? '';
    if (template) {
      const [linked] = await tx
        .select({ show: plusTemplates.show })
        .from(plusTemplates)
        .where(and(eq(plusTemplates.storeCode, actor.storeCode), eq(plusTemplates.name, template)));
      if (!linked || !sameShowLists(show, linked.show as Show[])) template = '';
    }
    if (template !== (device.template ?? '')) await tx.update(plusDevices).set({ template: null }).where(eq(plusDevices.mac, device.mac));

    await tx
      .insert(plusDeviceShows)
      .values({
        mac: device.mac,
        screenWidth,
        screenHeight: stored?.screenHeight ?? SCREEN_DEFAULT.height,
        productShowIdx,
        show,
        updatedAt: actor.now,
      })
      .onConflictDoUpdate({ target: plusDeviceShows.mac, set: { show, productShowIdx, updatedAt: actor.now } });
    await recordHistory(tx, actor, 'Update', path, [
      { mac: device.mac, shows: show.length, template, detached: template !== (device.template ?? '') },
    ]);
    return { success: true, template };
  });
}
