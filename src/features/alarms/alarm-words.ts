import type { TFunction } from 'i18next';
import { DEFAULT_NOTIFICATION_KEYS } from '../../../contract/schemas/constants-admin';
import { alarmTypeName } from '../../../contract/schemas/system-alarm-types';
import type { ReadableWords } from './readable-data';

/*
 * The system's own names in the member's language, at display time (issue 31.14): the stored value stays the key
 * (an alarm type code, a notification key); the translation is looked up when the row is drawn.
 */

/** An alarm type code → its name ("Tag update failure" / "タグ更新失敗"); an unknown code says "Type n". */
export function alarmTypeLabel(t: TFunction<'settings'>, code: number | string): string {
  const name = alarmTypeName(code);
  return name ? t(`alarmTypes.${name}`) : t('alarms.unknownType', { code: String(code) });
}

/**
 * What an alarm is called: the title an administrator gave its type in the alarm config, as written (names people
 * typed stay as typed); while that title is still the system's default (the seed writes the type's name in
 * English), the system's name in the member's language.
 */
export function alarmTitle(t: TFunction<'settings'>, code: number | string, configTitle: string | undefined): string {
  const name = alarmTypeName(code);
  const title = configTitle?.trim();
  if (!title || (name && title.toLowerCase() === name.toLowerCase().replace(/_/g, ' '))) return alarmTypeLabel(t, code);
  return title;
}

/** A notification key (console-admin §9: gwOff1Hr, notRecvCsv4Hr, abnorTagProduct) → its name; others as stored. */
export function notificationLabel(t: TFunction<'settings'>, key: string): string {
  return (DEFAULT_NOTIFICATION_KEYS as readonly string[]).includes(key)
    ? t(`notifications.keys.${key as (typeof DEFAULT_NOTIFICATION_KEYS)[number]}`)
    : key;
}

export const readableWords = (t: TFunction<'settings'>): ReadableWords => ({
  yes: t('readable.yes'),
  no: t('readable.no'),
  none: t('readable.none'),
});
