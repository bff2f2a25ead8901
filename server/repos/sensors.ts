import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import { SENSOR_ALARM_TYPES, SENSOR_LIST_TABLE, type Sensor, type SensorConfig, type SensorPoint } from '../../contract/schemas/sensors';
import { TAG_ALARM_HISTORY_TABLE, type TagAlarmHistoryRow } from '../../contract/schemas/tag-history';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { sensorAlarmHistory, sensorConfigs, sensorMeasurements, sensors, serverConfig, tags } from '../db/schema/index';
import { badRequest, notFound } from '../lib/errors';
import { tagKey } from '../lib/mac';
import { withoutNulls } from '../lib/rows';
import { queryTable } from '../lib/table-sql';
import { requireProducts } from './products';
import { resolveTags, unknownTagsMessage } from './tags';

/** The server's range when neither the store's sensor config nor the server config names one. */
const DEFAULT_DISTANCE_ERROR_RANGE = 5;
/** Key of the store's sensor config (name → number) that overrides the server's distance error range. */
export const STORE_DISTANCE_KEY = 'distanceErrorRange';

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** The store's distance error range: its sensor config's entry, else the server's setting. */
export async function distanceErrorRange(db: Db, storeCode?: string): Promise<number> {
  if (storeCode) {
    const [row] = await db.select({ config: sensorConfigs.config }).from(sensorConfigs).where(eq(sensorConfigs.storeCode, storeCode));
    const own = row?.config[STORE_DISTANCE_KEY];
    if (typeof own === 'number' && Number.isFinite(own) && own >= 0) return Math.floor(own);
  }
  const [config] = await db.select({ range: serverConfig.distanceErrorRange }).from(serverConfig).limit(1);
  return config?.range ?? DEFAULT_DISTANCE_ERROR_RANGE;
}

// ---- Reading ----

const sensorColumns = {
  barcode: sensors.barcode,
  tagMac: sensors.tagMac,
  prCode: sensors.prCode,
  gwIp: sensors.gwIp,
  sensorType: sensors.sensorType,
  operationName: sensors.operationName,
  version: sensors.version,
  dRssi: sensors.dRssi,
  eRssi: sensors.eRssi,
  status: sensors.status,
  reportTime: sensors.reportTime,
  updatedAt: sensors.updatedAt,
};
type SensorRow = Pick<typeof sensors.$inferSelect, keyof typeof sensorColumns | 'fields'>;

export function toSensor(row: SensorRow): Sensor {
  const { reportTime, updatedAt, status, ...rest } = row;
  return {
    ...withoutNulls(rest),
    status: status ?? '',
    ...(reportTime ? { reportTime: reportTime.toISOString() } : {}),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The sensors of a store (table protocol over SENSOR_LIST_TABLE). */
export async function listSensors(db: Db, storeCode: string, body: Record<string, unknown>): Promise<TablePage<Sensor>> {
  const base: SQL[] = [eq(sensors.storeCode, storeCode)];
  if (typeof body.global_companyCode === 'string' && body.global_companyCode) base.push(eq(sensors.companyCode, body.global_companyCode));
  const page = await queryTable<SensorRow, keyof typeof sensorColumns>(
    db,
    wideTable(SENSOR_LIST_TABLE),
    body,
    { table: sensors, columns: sensorColumns, dateColumn: sensors.updatedAt, uniqueColumn: sensors.tagMac, base },
    { ...sensorColumns, fields: sensors.fields },
  );
  return { ...page, data: page.data.map(toSensor) };
}

/** Sensors of a store by MAC (any spelling) or tag id. */
async function findSensors(
  db: Db,
  storeCode: string,
  refs: readonly string[],
): Promise<{ found: Map<string, SensorRow>; missing: string[] }> {
  const unique = [...new Set(refs)];
  const rows = unique.length
    ? await db
        .select({ ...sensorColumns, fields: sensors.fields })
        .from(sensors)
        .where(
          and(
            eq(sensors.storeCode, storeCode),
            or(sql`${sensors.tagMac} = any(${textArray(unique.map(tagKey))})`, sql`${sensors.barcode} = any(${textArray(unique)})`),
          ),
        )
    : [];
  const byMac = new Map(rows.map((r) => [r.tagMac, r]));
  const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
  const found = new Map<string, SensorRow>();
  for (const ref of unique) {
    const row = byMac.get(tagKey(ref)) ?? byBarcode.get(ref);
    if (row) found.set(ref, row);
  }
  return { found, missing: unique.filter((ref) => !found.has(ref)) };
}

function unknownSensorsMessage(missing: string[], storeCode: string): string {
  if (missing.length === 1) return `Sensor ${missing[0]} does not exist in store ${storeCode}.`;
  const shown = missing.slice(0, 5).join(', ');
  return `Sensors ${shown}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} do not exist in store ${storeCode}.`;
}

export async function requireSensor(db: Db, storeCode: string, ref: string): Promise<SensorRow> {
  const { found } = await findSensors(db, storeCode, [ref]);
  const row = found.get(ref);
  if (!row) throw notFound(unknownSensorsMessage([ref], storeCode));
  return row;
}

/** Readings between two times, oldest first; at most `limit`, the newest ones when there are more. */
export async function sensorReadings(
  db: Db,
  storeCode: string,
  tagMac: string,
  start: Date,
  end: Date,
  limit: number,
): Promise<SensorPoint[]> {
  const m = sensorMeasurements;
  const rows = await db
    .select({
      time: m.time,
      humidity: m.humidity,
      temperature: m.temperature,
      distance: m.distance,
      count: m.count,
      weight: m.weight,
      tvoc: m.tvoc,
      iaq: m.iaq,
      eco2: m.eco2,
    })
    .from(m)
    .where(and(eq(m.storeCode, storeCode), eq(m.tagMac, tagMac), gte(m.time, start), lte(m.time, end)))
    .orderBy(desc(m.time), desc(m.id))
    .limit(limit);
  return rows.reverse().map(({ time, ...values }) => ({ updatedAt: time.toISOString(), ...withoutNulls(values) }));
}

/** The type code's name (SENSOR_ALARM_TYPES), or the code itself. */
const alarmTypeName = sql<string>`(case ${sensorAlarmHistory.type} ${sql.raw(
  Object.entries(SENSOR_ALARM_TYPES)
    .map(([code, name]) => `when ${Number(code)} then '${name.replace(/'/g, "''")}'`)
    .join(' '),
)} else ${sensorAlarmHistory.type}::text end)`;

export async function sensorAlarmPage(
  db: Db,
  storeCode: string,
  sensorMac: string,
  body: Record<string, unknown>,
): Promise<TablePage<TagAlarmHistoryRow>> {
  const h = sensorAlarmHistory;
  const columns = { alarmType: alarmTypeName, alarmTime: h.updatedAt };
  const page = await queryTable<{ alarmType: string; alarmTime: Date }, keyof typeof columns>(
    db,
    wideTable(TAG_ALARM_HISTORY_TABLE),
    body,
    { table: h, columns, dateColumn: h.updatedAt, uniqueColumn: h.id, base: [eq(h.storeCode, storeCode), eq(h.sensorMac, sensorMac)] },
    { alarmType: alarmTypeName.as('alarm_type'), alarmTime: h.updatedAt },
  );
  return { ...page, data: page.data.map((r) => ({ alarmType: r.alarmType, alarmTime: r.alarmTime.toISOString() })) };
}

// ---- Writes: all or nothing ----

interface Scope {
  storeCode: string;
  now: Date;
}

function onlyOnce(refs: string[], key: (ref: string) => string): void {
  const seen = new Set<string>();
  for (const ref of refs) {
    const k = key(ref);
    if (seen.has(k)) throw badRequest(`Sensor ${ref} is listed more than once.`, 'DUPLICATE_TAG');
    seen.add(k);
  }
}

/**
 * Attach sensors to products. A sensor is known by the sensors of the store, or by a tag of the store (which
 * then becomes a sensor tag). Every tag and product is checked before anything is written: an unknown tag is
 * a 404 naming it, an unknown product the spec's 'This product does not exist'.
 */
export async function assignSensors(
  db: Db,
  scope: Scope,
  items: { tagMac: string; prCode: string; sensor: SensorConfig }[],
): Promise<number> {
  const { storeCode, now } = scope;
  return db.transaction(async (tx) => {
    const refs = items.map((i) => i.tagMac);
    const known = await findSensors(tx, storeCode, refs);
    const fromTags = await resolveTags(tx, storeCode, known.missing);
    if (fromTags.missing.length) throw notFound(unknownTagsMessage(fromTags.missing, storeCode));
    const macOf = (ref: string) => known.found.get(ref)?.tagMac ?? fromTags.found.get(ref)!.tagMac;
    onlyOnce(refs, macOf);
    await requireProducts(
      tx,
      storeCode,
      items.map((i) => i.prCode),
    );

    const newTags = [...new Set(fromTags.found.values())].map((t) => t.tagMac);
    if (newTags.length) {
      // A tag that becomes a sensor tag keeps what the radio knows of it (gateway, version, status); its type and
      // settings are written below with the others.
      await tx.execute(sql`
        insert into ${sensors} (tag_mac, store_code, company_code, barcode, sensor_type, gw_mac, gw_ip, version, status, report_time, updated_at, created_at)
        select t.tag_mac, t.store_code, t.company_code, t.barcode, 'HAT', t.gw_mac, t.gw_ip, t.version, t.status, t.responded_at,
               ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from ${tags} t where t.store_code = ${storeCode} and t.tag_mac = any(${textArray(newTags)})`);
    }
    for (const item of items) {
      await tx
        .update(sensors)
        .set({
          prCode: item.prCode,
          sensorType: item.sensor.sensorType,
          fields: item.sensor.fields,
          operation: 1,
          operationName: 'ASSIGN',
          updatedAt: now,
        })
        .where(and(eq(sensors.storeCode, storeCode), eq(sensors.tagMac, macOf(item.tagMac))));
    }
    return items.length;
  });
}

/** Change the type and settings of existing sensors; an unknown one is a 404 and nothing changes. */
export async function updateSensors(db: Db, scope: Scope, items: { tagMac: string; sensor: SensorConfig }[]): Promise<number> {
  const { storeCode, now } = scope;
  return db.transaction(async (tx) => {
    const refs = items.map((i) => i.tagMac);
    const { found, missing } = await findSensors(tx, storeCode, refs);
    if (missing.length) throw notFound(unknownSensorsMessage(missing, storeCode));
    onlyOnce(refs, (ref) => found.get(ref)!.tagMac);
    for (const item of items) {
      await tx
        .update(sensors)
        .set({ sensorType: item.sensor.sensorType, fields: item.sensor.fields, updatedAt: now })
        .where(and(eq(sensors.storeCode, storeCode), eq(sensors.tagMac, found.get(item.tagMac)!.tagMac)));
    }
    return items.length;
  });
}

/** Detach sensors from their products (they stay sensors of the store, with their type and settings). */
export async function deassignSensors(db: Db, scope: Scope, refs: string[]): Promise<number> {
  const { storeCode, now } = scope;
  return db.transaction(async (tx) => {
    const { found, missing } = await findSensors(tx, storeCode, refs);
    if (missing.length) throw notFound(unknownSensorsMessage(missing, storeCode));
    const macs = [...new Set([...found.values()].map((s) => s.tagMac))];
    const rows = await tx
      .update(sensors)
      .set({ prCode: null, operation: 0, operationName: 'DEASSIGN', updatedAt: now })
      .where(and(eq(sensors.storeCode, storeCode), sql`${sensors.tagMac} = any(${textArray(macs)})`))
      .returning({ tagMac: sensors.tagMac });
    return rows.length;
  });
}
