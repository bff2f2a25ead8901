import type { TFunction } from 'i18next';
import { SENSOR_ALARM_TYPES, SENSOR_TYPES } from '../../../contract/schemas/sensors';
/** console-core §9: "sensor lists 25" — the first choice; the larger ones are ours (NOTES.md 12). */
export const SENSOR_STORE_LIST_PAGE_SIZES = [25, 50, 100] as const;
export const SENSOR_LIST_PAGE_SIZES = [25, 50, 100] as const;
/** console-core §9: histories 25 rows, newest first. */
export const SENSOR_HISTORY_PAGE_SIZES = [25, 50, 100] as const;
export const SENSOR_ALARM_HISTORY_PAGE_SIZES = [25, 50, 100] as const;

/** The measurement history opens on the last 24 hours, the server's own default window (our choice). */
export const SENSOR_HISTORY_DEFAULT_WINDOW_S = 86_400;

/** console-core §7: assign and update payloads carry taskId -1 and priorTaskId -1 (a new task). */
export const NEW_TASK_ID = -1;

/** A sensor type code (HAT, TOF, PEOPLECOUNT, ...) → its name in the member's language (issue 31.6); unknown ones as sent. */
export const sensorTypeLabel = (t: TFunction<'sensors'>, type: string | undefined): string =>
  type && (SENSOR_TYPES as readonly string[]).includes(type) ? t(`types.${type as (typeof SENSOR_TYPES)[number]}`) : (type ?? '');

/** The sensor alarm types' names as the server lists them (SENSOR_ALARM_TYPES): system names, not typed ones. */
type SensorAlarmName = 'TEMPERATURE_HUMIDITY' | 'DISTANCE' | 'WEIGHT' | 'AIR_QUALITY';
/** A sensor alarm type in the member's language (issue 31 §14); a code the list does not name stays as sent. */
export const sensorAlarmTypeLabel = (t: TFunction<'sensors'>, type: string): string =>
  Object.values(SENSOR_ALARM_TYPES).includes(type) ? t(`alarms.types.${type as SensorAlarmName}`) : type;

/**
 * A sensor's last operation as the server names it — 'ASSIGN' / 'DEASSIGN'; 'Assigned' in demo data made before
 * 2026-11-30 — in the member's language (issue 31 §14); a name outside these stays as sent.
 */
const SENSOR_OPERATIONS: Readonly<Record<string, 'assigned' | 'deassigned'>> = {
  Assigned: 'assigned',
  ASSIGN: 'assigned',
  DEASSIGN: 'deassigned',
  Unassigned: 'deassigned',
};
export const sensorOperationLabel = (t: TFunction<'sensors'>, name: string | undefined): string => {
  const word = name ? SENSOR_OPERATIONS[name] : undefined;
  return word ? t(`operations.${word}`) : (name ?? '');
};
