import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SENSOR_ALARM_TYPES } from '../../contract/schemas/sensors';
import { sensorAlarmTypeLabel, sensorOperationLabel } from '../../src/features/sensors/sensor-constants';
import { TAG_ALARM_TYPES, tagAlarmTypeLabel } from '../../src/features/tags/tag-alarm-types';

/*
 * Issue 31 §14: the alarm types of a tag's and a sensor's alarm history are system names — shown in the member's
 * language from the real locale files, every one of them in all three; a code nobody named stays as stored.
 */
const LANGUAGES = ['en_US', 'ja_JP', 'ko_KR'] as const;
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as object;
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en_US',
    ns: ['tags', 'sensors'],
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { tags: load(lng, 'tags'), sensors: load(lng, 'sensors') }])),
  });
});

describe('alarm types of the tag and sensor histories', () => {
  it('names each tag alarm type in each language, as a word rather than the stored key', () => {
    expect(tagAlarmTypeLabel(i18n.getFixedT('ja_JP', 'tags'), 'UPDATE_FAILURE')).toBe('更新失敗');
    expect(tagAlarmTypeLabel(i18n.getFixedT('ko_KR', 'tags'), 'LOW_BATTERY')).toBe('배터리 부족');
    for (const lng of LANGUAGES) {
      const t = i18n.getFixedT(lng, 'tags');
      for (const type of TAG_ALARM_TYPES) expect(tagAlarmTypeLabel(t, type)).not.toMatch(/^[A-Z_]+$|alarmTypes/);
    }
    expect(tagAlarmTypeLabel(i18n.getFixedT('ja_JP', 'tags'), 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('names each sensor alarm type in each language', () => {
    expect(sensorAlarmTypeLabel(i18n.getFixedT('ja_JP', 'sensors'), 'TEMPERATURE_HUMIDITY')).toBe('温度・湿度');
    expect(sensorAlarmTypeLabel(i18n.getFixedT('en_US', 'sensors'), 'AIR_QUALITY')).toBe('Air quality');
    for (const lng of LANGUAGES) {
      const t = i18n.getFixedT(lng, 'sensors');
      for (const type of Object.values(SENSOR_ALARM_TYPES)) expect(sensorAlarmTypeLabel(t, type)).not.toMatch(/^[A-Z_]+$|types\./);
    }
    expect(sensorAlarmTypeLabel(i18n.getFixedT('ko_KR', 'sensors'), '105')).toBe('105');
  });

  it("names a sensor's last operation in the member's language, whichever spelling the server stored", () => {
    const ja = i18n.getFixedT('ja_JP', 'sensors');
    expect(sensorOperationLabel(ja, 'Assigned')).toBe('割り当て済み');
    expect(sensorOperationLabel(ja, 'ASSIGN')).toBe('割り当て済み');
    expect(sensorOperationLabel(i18n.getFixedT('ko_KR', 'sensors'), 'DEASSIGN')).toBe('할당 해제');
    expect(sensorOperationLabel(ja, 'REBOOT')).toBe('REBOOT');
  });
});
