import type { FastifyInstance } from 'fastify';
import { STATUS_HISTORY_WINDOW_S } from '../../contract/schemas/constants-core';
import { SENSOR_TYPE_FIELDS, SENSOR_TYPES, type SensorConfig } from '../../contract/schemas/sensors';
import { sensorsEndpoints } from '../../contract/endpoints/sensors';
import type { AppDeps } from '../deps';
import { badRequest } from '../lib/errors';
import { route } from '../lib/route';
import {
  assignSensors,
  deassignSensors,
  distanceErrorRange,
  listSensors,
  requireSensor,
  sensorAlarmPage,
  sensorReadings,
  toSensor,
  updateSensors,
} from '../repos/sensors';

/** Readings one history answer carries at most (a month of 30-minute readings is ~1,500): the newest ones. */
export const SENSOR_HISTORY_MAX_POINTS = 10_000;
/** Longest history window one call may ask for (our choice). */
export const SENSOR_HISTORY_MAX_S = 366 * 86_400;

/**
 * Lower bounds of the settings (ours, apart from the spec's productWidth ≥ distance error range + 1); a
 * field not listed here only has to be an integer. Pairs name a minimum that may not exceed its maximum.
 */
const MINIMUMS: Record<string, number> = {
  depth: 1,
  threshold: 0,
  unitWeight: 1,
  minWeight: 0,
  tvocThreshold: 0,
  eco2Threshold: 0,
  humidityMin: 0,
  humidityMax: 0,
};
const MAXIMUMS: Record<string, number> = { humidityMin: 100, humidityMax: 100 };
const PAIRS: [string, string][] = [
  ['tempMin', 'tempMax'],
  ['humidityMin', 'humidityMax'],
];

/**
 * A sensor's settings: exactly the fields of its type (SENSOR_TYPE_FIELDS), integers (the schema already
 * refuses anything else), within their bounds. `where` names the entry in the message.
 */
export function checkSensorConfig(config: SensorConfig, range: number, where: string): void {
  const expected = SENSOR_TYPE_FIELDS[config.sensorType];
  const given = Object.keys(config.fields);
  const unknown = given.find((f) => !expected.includes(f));
  if (unknown)
    throw badRequest(
      `${where}: ${unknown} is not a setting of a ${config.sensorType} sensor (${expected.join(', ')}).`,
      'INVALID_SENSOR_FIELD',
    );
  const missing = expected.find((f) => config.fields[f] === undefined);
  if (missing) throw badRequest(`${where}: enter ${missing} for a ${config.sensorType} sensor.`, 'MISSING_SENSOR_FIELD');
  for (const [field, value] of Object.entries(config.fields)) {
    if (!Number.isInteger(value)) throw badRequest(`${where}: ${field} must be an integer.`, 'INVALID_SENSOR_FIELD');
    if (MINIMUMS[field] !== undefined && value < MINIMUMS[field])
      throw badRequest(`${where}: ${field} must be at least ${MINIMUMS[field]}.`, 'INVALID_SENSOR_FIELD');
    if (MAXIMUMS[field] !== undefined && value > MAXIMUMS[field])
      throw badRequest(`${where}: ${field} must be at most ${MAXIMUMS[field]}.`, 'INVALID_SENSOR_FIELD');
  }
  for (const [low, high] of PAIRS) {
    if (config.fields[low] !== undefined && config.fields[high] !== undefined && config.fields[low] > config.fields[high]) {
      throw badRequest(`${where}: ${low} must not be greater than ${high}.`, 'INVALID_SENSOR_FIELD');
    }
  }
  // console-core §2: "Product width has a minimum of the distance error range plus 1."
  if (config.sensorType === 'TOF' && config.fields.productWidth < range + 1) {
    throw badRequest(
      `${where}: productWidth must be at least ${range + 1} (distance error range ${range} + 1).`,
      'PRODUCT_WIDTH_TOO_SMALL',
    );
  }
}

export function sensorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const checkAll = async (storeCode: string, list: { tagMac: string; sensor: SensorConfig }[]) => {
    const range = await distanceErrorRange(db, storeCode);
    list.forEach((item, i) => checkSensorConfig(item.sensor, range, `Sensor ${item.tagMac} (row ${i + 1})`));
  };

  route(app, deps, sensorsEndpoints.sensorType, () =>
    SENSOR_TYPES.map((sensorType) => ({ sensorType, fields: [...SENSOR_TYPE_FIELDS[sensorType]] })),
  );

  route(app, deps, sensorsEndpoints.sensorDistanceErrorRange, async ({ query }) => ({
    distanceErrorRange: await distanceErrorRange(db, query.storeCode),
  }));

  route(app, deps, sensorsEndpoints.sensorList, ({ params, body }) => listSensors(db, params.storeCode, body as Record<string, unknown>));

  // Codes are trimmed (console-core §5): one blank once trimmed is refused before anything is looked up.
  route(app, deps, sensorsEndpoints.sensorAssign, async ({ body }) => {
    const items = body.tagList.map((t) => {
      const prCode = t.prCode.trim();
      if (!prCode) throw badRequest('Enter Product Code, Please!');
      return { tagMac: t.tagMac, prCode, sensor: t.sensor };
    });
    await checkAll(body.storeCode, items);
    const assigned = await assignSensors(db, { storeCode: body.storeCode, now: new Date() }, items);
    return { success: true, assigned, failed: [] };
  });

  route(app, deps, sensorsEndpoints.sensorUpdate, async ({ body }) => {
    await checkAll(body.storeCode, body.tagList);
    return { success: true, count: await updateSensors(db, { storeCode: body.storeCode, now: new Date() }, body.tagList) };
  });

  route(app, deps, sensorsEndpoints.sensorDeassign, async ({ body }) => ({
    success: true,
    count: await deassignSensors(db, { storeCode: body.storeCode, now: new Date() }, body.tagList),
  }));

  // Without dates: the last 24 hours (the contract's choice); one date alone spans 24 hours from or up to it.
  route(app, deps, sensorsEndpoints.sensorHistory, async ({ params, query }) => {
    const sensor = await requireSensor(db, params.storeCode, params.sensorMac);
    const nowS = Math.floor(Date.now() / 1000);
    const end = query.endDate ?? (query.startDate !== undefined ? query.startDate + STATUS_HISTORY_WINDOW_S : nowS);
    const start = query.startDate ?? end - STATUS_HISTORY_WINDOW_S;
    if (start > end) throw badRequest('startDate is after endDate.');
    if (end - start > SENSOR_HISTORY_MAX_S) throw badRequest(`The history spans at most ${SENSOR_HISTORY_MAX_S / 86_400} days.`);
    const startDate = new Date(start * 1000);
    const endDate = new Date(end * 1000);
    const data = await sensorReadings(db, params.storeCode, sensor.tagMac, startDate, endDate, SENSOR_HISTORY_MAX_POINTS);
    return { data, startDate: startDate.toISOString(), endDate: endDate.toISOString(), tagInfo: toSensor(sensor) };
  });

  route(app, deps, sensorsEndpoints.sensorAlarmHistory, async ({ params, body }) => {
    const sensor = await requireSensor(db, params.storeCode, params.sensorMac);
    return sensorAlarmPage(db, params.storeCode, sensor.tagMac, body as Record<string, unknown>);
  });
}
