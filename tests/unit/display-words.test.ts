import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { alarmTitle, alarmTypeLabel, notificationLabel, readableWords } from '../../src/features/alarms/alarm-words';
import { readableLines, readableText } from '../../src/features/alarms/readable-data';
import { methodLabel, OPERATIONS, operationLabel, pathWords } from '../../src/features/changes/change-rows';
import { sensorTypeLabel } from '../../src/features/sensors/sensor-constants';
import { TASK_TYPES, taskTypeLabel } from '../../src/features/tasks/task-constants';

/*
 * Issue 31.6 / 31.14: what the system stores for machines (JSON, HTTP methods, keys, type codes) reaches people as
 * words in their language. The translations are the real locale files.
 */
const NAMESPACES = ['settings', 'sensors', 'tasks'] as const;
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as object;
const i18n = i18next.createInstance();
let en: TFunction<'settings'>;
let ja: TFunction<'settings'>;
let ko: TFunction<'settings'>;

beforeAll(async () => {
  await i18n.init({
    lng: 'en_US',
    ns: [...NAMESPACES],
    resources: Object.fromEntries(
      ['en_US', 'ja_JP', 'ko_KR'].map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, load(lng, ns)]))]),
    ),
  });
  en = i18n.getFixedT('en_US', 'settings');
  ja = i18n.getFixedT('ja_JP', 'settings');
  ko = i18n.getFixedT('ko_KR', 'settings');
});

describe('readable data (alarm data, change items)', () => {
  const words = { yes: 'yes', no: 'no', none: '(none)' };

  it('turns an alarm’s JSON data into key: value pairs', () => {
    expect(readableLines('{"server":"db-01","percent":91}', words)).toEqual(['server: db-01', 'percent: 91']);
    expect(readableText('{"tagMacs":["aa:bb","cc:dd"],"count":2}', words)).toBe('tagMacs: aa:bb, cc:dd · count: 2');
  });

  it('turns change items (a list of objects or values) into pairs and values, with yes/no for flags', () => {
    expect(readableLines([{ enableTagStatusCheck: true, hideLed: false }], words)).toEqual(['enableTagStatusCheck: yes', 'hideLed: no']);
    expect(readableLines(['nord-admin@shelfpad.test'], words)).toEqual(['nord-admin@shelfpad.test']);
    expect(readableText([{ smtp: { server: 'mx', port: 25 }, note: '' }], words)).toBe('smtp: (server: mx, port: 25) · note: (none)');
  });

  it('keeps text that is not JSON as it is, and shows nothing for no data', () => {
    expect(readableText('gateway rebooted', words)).toBe('gateway rebooted');
    expect(readableText('{broken', words)).toBe('{broken');
    expect(readableText(undefined, words)).toBe('');
    expect(readableText('{}', words)).toBe('');
  });

  it('uses the member’s words for yes and no', () => {
    expect(readableText([{ enable: true }], readableWords(ja))).toBe('enable: はい');
    expect(readableText([{ enable: false }], readableWords(ko))).toBe('enable: 아니요');
  });
});

describe('system-defined names at display time', () => {
  it('names the alarm types by the spec’s numbers, in each language; an unknown code says so', () => {
    expect(alarmTypeLabel(en, '4')).toBe('Tag update failure');
    expect(alarmTypeLabel(ja, 4)).toBe('タグ更新失敗');
    expect(alarmTypeLabel(ko, '5')).toBe('배터리 부족 목록 변경');
    expect(alarmTypeLabel(en, '20')).toBe('GW status normal');
    expect(alarmTypeLabel(ja, '999')).toBe('種別 999');
  });

  it('shows an alarm title an administrator wrote as written, and the seeded default in the member’s language', () => {
    expect(alarmTitle(ja, '11', 'Leader moved')).toBe('Leader moved');
    expect(alarmTitle(ja, '4', 'Tag update failure')).toBe('タグ更新失敗');
    expect(alarmTitle(ko, '19', 'Gw status abnormal')).toBe('게이트웨이 상태 이상');
    expect(alarmTitle(en, '20', undefined)).toBe('GW status normal');
  });

  it('names the notification keys; a key it does not know stays as stored', () => {
    expect(notificationLabel(en, 'abnorTagProduct')).toBe('Daily report of abnormal tags and products');
    expect(notificationLabel(ja, 'gwOff1Hr')).toBe('ゲートウェイ1時間以上オフライン');
    expect(notificationLabel(ja, 'custom')).toBe('custom');
  });

  it('translates every recorded operation and the methods into Japanese words', () => {
    for (const op of OPERATIONS) expect(operationLabel(ja, op), op).not.toMatch(/^[A-Za-z ]+$/);
    expect(operationLabel(ja, 'Update')).toBe('更新');
    expect(methodLabel(ja, 'DELETE')).toBe('削除');
    expect(methodLabel(en, 'PUT')).toBe('Change');
  });

  it('names sensor and task types', () => {
    const sensors = i18n.getFixedT('ja_JP', 'sensors') as unknown as TFunction<'sensors'>;
    expect(sensorTypeLabel(sensors, 'PEOPLECOUNT')).toBe('人数カウンター');
    expect(sensorTypeLabel(i18n.getFixedT('en_US', 'sensors') as unknown as TFunction<'sensors'>, 'LOADCELL')).toBe('Load cell (weight)');
    const tasks = i18n.getFixedT('ko_KR', 'tasks') as unknown as TFunction<'tasks'>;
    for (const type of TASK_TYPES) expect(taskTypeLabel(tasks, type), type).not.toMatch(/^[A-Z]+$/);
    expect(taskTypeLabel(tasks, 'OTHER')).toBe('OTHER');
  });
});

describe('change history addresses in words', () => {
  const defs = Object.values(endpoints);

  it('shows the values a recorded address carries (store, gateway), not the address', () => {
    expect(pathWords(ja, { method: 'DELETE', path: '/config/store/TKY001', category: 'store_config' }, defs)).toBe('TKY001');
    expect(pathWords(en, { method: 'POST', path: '/gw/reboot/AABBCCDDEEFF', category: 'store' }, defs)).toBe('AABBCCDDEEFF');
  });

  it('shows the category for an address without values, in the member’s language', () => {
    expect(pathWords(en, { method: 'POST', path: '/config/store', category: 'store_config' }, defs)).toBe('Store config');
    expect(pathWords(ja, { method: 'POST', path: '/config/store', category: 'store_config' }, defs)).not.toMatch(/[A-Za-z/]/);
  });
});
