import { SENSOR_TYPES, type SensorType } from '../../contract/schemas/sensors';
import type { Db } from '../db/client';
import { sensorAlarmHistory, sensorConfigs, sensorMeasurements, sensors } from '../db/schema/index';
import type { SeedGateway } from './infra';
import { Rng, hex, minutesAgo } from './random';
import { insertBulk, insertRows } from './insert';

/** Sensor addresses: 'C5' + store number + running number, apart from the tags' 'C4' family. */
const SENSOR_MAC_FAMILY = 'C5';
/** Millimetres of TOF tolerance; productWidth must be at least this + 1. */
export const DISTANCE_ERROR_RANGE = 5;
const PER_TYPE = 2;

/** The integer settings each type's assign modal asks for (our names; the spec leaves them open). */
const FIELDS: Record<SensorType, (rng: Rng) => Record<string, number>> = {
  HAT: () => ({ tempMin: 2, tempMax: 8, humidityMin: 30, humidityMax: 70 }),
  TOF: (rng) => ({ productWidth: rng.pick([45, 60, 80]), depth: 400 }),
  PEOPLECOUNT: () => ({ threshold: 50 }),
  LOADCELL: (rng) => ({ unitWeight: rng.pick([250, 350, 500]), minWeight: 1000 }),
  TVOC: () => ({ tvocThreshold: 500, eco2Threshold: 1000 }),
};

// Alarm type codes of sensor alarms are ours: the system alarm list of the spec has none for sensors.
const SENSOR_ALARMS: Partial<Record<SensorType, { type: number; class: 1 | 2 | 3 }>> = {
  HAT: { type: 101, class: 2 },
  TOF: { type: 102, class: 1 },
  LOADCELL: { type: 103, class: 1 },
  TVOC: { type: 104, class: 3 },
};

type Measurement = Omit<typeof sensorMeasurements.$inferInsert, 'storeCode' | 'tagMac' | 'time'>;

function reading(type: SensorType, fields: Record<string, number>, rng: Rng, hour: number): Measurement {
  const daytime = hour >= 8 && hour <= 21;
  switch (type) {
    case 'HAT':
      return { temperature: rng.float(3, 7.5), humidity: rng.float(38, 62) };
    case 'TOF': {
      const distance = rng.int(40, fields.depth - 20);
      return { distance, count: Math.max(0, Math.floor((fields.depth - distance + DISTANCE_ERROR_RANGE) / fields.productWidth)) };
    }
    case 'PEOPLECOUNT':
      return { count: daytime ? rng.int(10, 90) : rng.int(0, 4) };
    case 'LOADCELL':
      return { weight: rng.int(0, 12) * fields.unitWeight + rng.int(-5, 5) };
    case 'TVOC':
      return { tvoc: rng.int(80, daytime ? 650 : 250), iaq: rng.int(20, 160), eco2: rng.int(420, daytime ? 1300 : 700) };
  }
}

export async function seedSensors(
  db: Db,
  seed: number,
  now: Date,
  stores: { storeCode: string; companyCode: string; index: number; prCodes: string[]; gateways: SeedGateway[] }[],
): Promise<void> {
  const sensorRows: (typeof sensors.$inferInsert)[] = [];
  const measurements: (typeof sensorMeasurements.$inferInsert)[] = [];
  const alarms: (typeof sensorAlarmHistory.$inferInsert)[] = [];
  const configs: (typeof sensorConfigs.$inferInsert)[] = [];
  for (const store of stores) {
    const rng = Rng.of(seed, 'sensors', store.storeCode);
    let n = 0;
    for (const sensorType of SENSOR_TYPES) {
      for (let k = 0; k < PER_TYPE; k++, n++) {
        const tagMac = `${SENSOR_MAC_FAMILY}${hex(store.index, 4)}${hex(n, 6)}`;
        const gw = store.gateways[n % store.gateways.length];
        const fields = FIELDS[sensorType](rng);
        const offline = gw?.status === 'OFFLINE';
        const reportTime = offline ? minutesAgo(now, rng.int(200, 900)) : minutesAgo(now, rng.int(1, 30));
        sensorRows.push({
          tagMac,
          storeCode: store.storeCode,
          companyCode: store.companyCode,
          barcode: tagMac,
          prCode: sensorType === 'PEOPLECOUNT' || sensorType === 'TVOC' ? null : (store.prCodes[n % store.prCodes.length] ?? null),
          sensorType,
          fields,
          gwMac: gw?.gwMac ?? null,
          gwIp: gw?.address ?? null,
          operation: 1,
          operationName: 'ASSIGN',
          version: rng.pick([0x0105, 0x0106]),
          dRssi: -rng.int(45, 85),
          eRssi: -rng.int(45, 85),
          status: offline ? 'NG' : n === 3 ? 'NG' : 'OK',
          reportTime,
          updatedAt: reportTime,
          createdAt: minutesAgo(now, 30 * 1440),
        });
        for (let h = 47; h >= 0; h--) {
          const time = minutesAgo(now, h * 30 + 2);
          measurements.push({ storeCode: store.storeCode, tagMac, time, ...reading(sensorType, fields, rng, time.getUTCHours()) });
        }
        const alarm = SENSOR_ALARMS[sensorType];
        if (alarm && k === 0) {
          alarms.push({
            storeCode: store.storeCode,
            sensorMac: tagMac,
            location: store.storeCode,
            ...alarm,
            updatedAt: minutesAgo(now, rng.int(60, 1400)),
          });
          alarms.push({
            storeCode: store.storeCode,
            sensorMac: tagMac,
            location: store.storeCode,
            ...alarm,
            updatedAt: minutesAgo(now, rng.int(1500, 4000)),
          });
        }
      }
    }
    configs.push({ storeCode: store.storeCode, config: Object.fromEntries(SENSOR_TYPES.map((t) => [t, PER_TYPE])), updatedAt: now });
  }
  await insertRows(db, sensors, sensorRows);
  await insertBulk(db, sensorMeasurements, measurements);
  await insertRows(db, sensorAlarmHistory, alarms);
  await insertRows(db, sensorConfigs, configs);
}
