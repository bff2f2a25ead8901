import type { TFunction } from 'i18next';

/** The alarm types the server records per tag (server/sim/alarms.ts, the demo history): system names, not typed ones. */
export const TAG_ALARM_TYPES = ['UPDATE_FAILURE', 'LOW_BATTERY', 'NO_RESPONSE', 'TEMPERATURE'] as const;

/** A tag alarm type in the member's language (issue 31 §14); the stored value and the filter keep the key. */
export const tagAlarmTypeLabel = (t: TFunction<'tags'>, type: string): string =>
  (TAG_ALARM_TYPES as readonly string[]).includes(type) ? t(`history.alarmTypes.${type as (typeof TAG_ALARM_TYPES)[number]}`) : type;
