import type { Db } from '../db/client';
import {
  dailyCounts,
  productUpdates,
  tagAlarmHistory,
  tagBatteryHistory,
  tagResetHistory,
  tagTemperatureHistory,
  tags,
  taskItems,
  updateTasks,
} from '../db/schema/index';
import type { ProductPlan } from './products';
import { Rng, minutesAgo } from './random';
import { insertRows } from './insert';

type TagRow = typeof tags.$inferInsert;

export interface HistoryRows {
  tasks: (typeof updateTasks.$inferInsert)[];
  items: (typeof taskItems.$inferInsert)[];
  productUpdates: (typeof productUpdates.$inferInsert)[];
  battery: (typeof tagBatteryHistory.$inferInsert)[];
  reset: (typeof tagResetHistory.$inferInsert)[];
  temperature: (typeof tagTemperatureHistory.$inferInsert)[];
  alarms: (typeof tagAlarmHistory.$inferInsert)[];
  daily: (typeof dailyCounts.$inferInsert)[];
}

export const emptyHistory = (): HistoryRows => ({
  tasks: [],
  items: [],
  productUpdates: [],
  battery: [],
  reset: [],
  temperature: [],
  alarms: [],
  daily: [],
});

const HISTORY_TAGS = 6;
const TASK_AGES_MIN = [5 * 1440, 2 * 1440, 300, 12];
const day = (d: Date) => d.toISOString().slice(0, 10);
/** Yen prices move by 20, euro prices by 0.20 per step. */
const olderPrice = (v: string, steps: number) => (Number(v) > 50 ? String(Number(v) + steps * 20) : (Number(v) + steps * 0.2).toFixed(2));

/**
 * Histories for the first tags of a store: four update tasks (the newest still running, with a cancelled
 * row), battery, reset, temperature and alarm rows, and 14 days of daily counts for the dashboard.
 */
export function planStoreHistory(
  out: HistoryRows,
  seed: number,
  storeCode: string,
  companyCode: string,
  storeTags: TagRow[],
  plans: Map<string, ProductPlan>,
  now: Date,
): void {
  const rng = Rng.of(seed, 'history', storeCode);
  const picked = storeTags.filter((t) => t.prCode).slice(0, HISTORY_TAGS);
  TASK_AGES_MIN.forEach((age, n) => {
    const running = n === TASK_AGES_MIN.length - 1;
    const start = minutesAgo(now, age);
    const taskId = `${storeCode}-${day(start).replaceAll('-', '')}-${String(n + 1).padStart(2, '0')}`;
    const updateId = `U${taskId}`;
    let updated = 0;
    picked.forEach((t, i) => {
      const plan = plans.get(t.prCode!)!;
      const done = !running || i < 3;
      const cancelled = running && i === picked.length - 1;
      const status = cancelled ? 'CANCEL' : done ? (rng.chance(0.85) ? 'OK' : 'NG') : null;
      if (status === 'OK') updated++;
      const at = minutesAgo(start, -rng.int(1, 8));
      out.items.push({
        companyCode,
        storeCode,
        taskId,
        tagMac: t.tagMac,
        barcode: t.barcode,
        prCode: t.prCode,
        layoutId: plan.layoutId,
        prInfo: plan.prInfo,
        nfc: plan.nfc,
        status,
        updatedAt: status && status !== 'CANCEL' ? at : null,
        createdAt: start,
      });
      out.productUpdates.push({
        storeCode,
        updateId,
        taskId,
        prCode: plan.prCode,
        type: plan.type,
        layoutId: plan.layoutId,
        // Older updates carried other prices, so the product history chart has a line to draw.
        prInfo: plan.prInfo.map((v, slot) => (slot === 1 && n < 3 ? olderPrice(v, 3 - n) : v)),
        nfc: plan.nfc,
        updatedAt: start,
      });
    });
    out.tasks.push({
      taskId,
      internalTaskId: n === 0 ? 0 : 1000 + n,
      companyCode,
      storeCode,
      taskType: n === 1 ? 'LAYOUT' : 'UPDATE',
      layoutId: n === 1 ? 'STD_PRICE' : null,
      updateId,
      productCount: new Set(picked.map((t) => t.prCode)).size,
      totalTags: picked.length,
      updatedTags: updated,
      startTime: start,
      endTime: running ? null : minutesAgo(start, -10),
    });
  });

  for (const t of picked) {
    let battery = Math.min(100, (t.battery ?? 80) + 12);
    for (let d = 11; d >= 0; d--) {
      battery = Math.max(1, battery - rng.int(0, 2));
      out.battery.push({
        storeCode,
        tagMac: t.tagMac,
        battery: d === 0 ? (t.battery ?? battery) : battery,
        updatedAt: minutesAgo(now, d * 1440 + 60),
      });
    }
    for (let h = 23; h >= 0; h--) {
      out.temperature.push({
        storeCode,
        tagMac: t.tagMac,
        temperature: (t.temperature ?? 20) + rng.int(-2, 2),
        updatedAt: minutesAgo(now, h * 60 + 5),
      });
    }
    out.reset.push({ storeCode, tagMac: t.tagMac, cnt: 1, lastTime: minutesAgo(now, 20 * 1440) });
    out.reset.push({ storeCode, tagMac: t.tagMac, cnt: 2, lastTime: minutesAgo(now, 3 * 1440) });
  }
  // Alarm rows where they make sense: failed and low-battery tags.
  const alarming = storeTags.filter((t) => t.status === 'NG' || t.battStatus === 'NG').slice(0, 4);
  for (const t of alarming) {
    out.alarms.push({
      storeCode,
      tagMac: t.tagMac,
      alarmType: t.battStatus === 'NG' ? 'LOW_BATTERY' : 'UPDATE_FAILURE',
      alarmTime: minutesAgo(now, rng.int(30, 2880)),
    });
    out.alarms.push({ storeCode, tagMac: t.tagMac, alarmType: 'NO_RESPONSE', alarmTime: minutesAgo(now, rng.int(3000, 8000)) });
  }
  if (picked[0]) out.alarms.push({ storeCode, tagMac: picked[0].tagMac, alarmType: 'TEMPERATURE', alarmTime: minutesAgo(now, 4000) });

  for (let d = 13; d >= 0; d--) {
    const share = rng.float(0.03, 0.15, 3);
    out.daily.push({
      storeCode,
      date: day(minutesAgo(now, d * 1440)),
      total: Math.round(storeTags.length * share),
      productTotal: Math.round(storeTags.length * share * 0.9),
    });
  }
}

export async function insertHistory(db: Db, h: HistoryRows): Promise<void> {
  await insertRows(db, updateTasks, h.tasks);
  await insertRows(db, taskItems, h.items);
  await insertRows(db, productUpdates, h.productUpdates);
  await insertRows(db, tagBatteryHistory, h.battery);
  await insertRows(db, tagResetHistory, h.reset);
  await insertRows(db, tagTemperatureHistory, h.temperature);
  await insertRows(db, tagAlarmHistory, h.alarms);
  await insertRows(db, dailyCounts, h.daily);
}
