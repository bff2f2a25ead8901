import {
  SENSOR_TYPE_FIELDS,
  SENSOR_TYPES,
  type SensorConfig,
  type SensorType,
  type SensorTypeInfo,
} from '../../../contract/schemas/sensors';

/*
 * The rules of the sensor assign and update modals (console-core §2, §5), free of React so that unit tests run
 * them as they are: tag MAC, product code and sensor type non-empty after trimming; every setting an integer;
 * a TOF sensor's productWidth at least the distance error range + 1.
 */

export type SensorFieldsByType = Readonly<Record<SensorType, readonly string[]>>;

export const isSensorType = (value: string): value is SensorType => (SENSOR_TYPES as readonly string[]).includes(value);

/** The settings of each type: the server's GET /sensor/type answer once loaded, the contract's table until then. */
export function fieldsByType(answer?: readonly SensorTypeInfo[]): SensorFieldsByType {
  const byType: Record<SensorType, readonly string[]> = { ...SENSOR_TYPE_FIELDS };
  for (const info of answer ?? []) byType[info.sensorType] = info.fields;
  return byType;
}

/** The settings the modal asks for once a type is chosen; none while the type is empty or unknown. */
export function fieldsOf(type: string, byType: SensorFieldsByType = SENSOR_TYPE_FIELDS): readonly string[] {
  return isSensorType(type) ? byType[type] : [];
}

/** console-core §2: "Product width has a minimum of the distance error range plus 1." */
// spec: plus §2.55 — product width at least the distance error range + 1
export const productWidthMinimum = (distanceErrorRange: number) => distanceErrorRange + 1;

const INTEGER = /^[+-]?\d+$/;

export type SensorFieldProblem = { kind: 'integer' } | { kind: 'minimum'; minimum: number; range: number };

/**
 * What is wrong with one typed setting (already known to be non-empty), or undefined. Without the store's distance
 * error range (not loaded yet) the minimum is left to the server, which checks it too.
 */
export function sensorFieldProblem(
  type: string,
  field: string,
  value: string,
  distanceErrorRange: number | undefined,
): SensorFieldProblem | undefined {
  const text = value.trim();
  if (!INTEGER.test(text) || !Number.isSafeInteger(Number(text))) return { kind: 'integer' };
  if (distanceErrorRange === undefined) return undefined;
  if (type === 'TOF' && field === 'productWidth' && Number(text) < productWidthMinimum(distanceErrorRange)) {
    return { kind: 'minimum', minimum: productWidthMinimum(distanceErrorRange), range: distanceErrorRange };
  }
  return undefined;
}

/** The payload's `sensor` from the modal's values: the chosen type and exactly its settings, as integers. */
// spec: plus §3.9, plus §5.1 — sensorType with its fields as integers
export function sensorConfigOf(values: Readonly<Record<string, string>>, byType: SensorFieldsByType = SENSOR_TYPE_FIELDS): SensorConfig {
  const type = values.sensorType.trim();
  if (!isSensorType(type)) throw new Error(`unknown sensor type ${type}`);
  return { sensorType: type, fields: Object.fromEntries(byType[type].map((f) => [f, Number((values[f] ?? '').trim())])) };
}

/** The modal's starting values for a sensor being updated: its type and current settings as text. */
// spec: plus §2.54 — the update modal starts from the tag's sensor
export function valuesOfSensor(sensor: { tagMac: string; sensorType: string; fields?: Record<string, number> }): Record<string, string> {
  const settings = Object.fromEntries(Object.entries(sensor.fields ?? {}).map(([k, v]) => [k, String(v)]));
  return { ...settings, tagMac: sensor.tagMac, sensorType: sensor.sensorType };
}
