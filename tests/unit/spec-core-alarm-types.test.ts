import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { alarmTypeLabel } from '../../src/features/alarms/alarm-words';

/*
 * console-core §8 lists the system alarm types. An alarm reaches people through the name the alarm history shows
 * for its code: every type of the list must have a code whose English name says it.
 */
const i18n = i18next.createInstance();
let en: TFunction<'settings'>;

beforeAll(async () => {
  const settings = JSON.parse(readFileSync(new URL('../../locales/en_US/settings.json', import.meta.url), 'utf8')) as object;
  await i18n.init({ lng: 'en_US', ns: ['settings'], resources: { en_US: { settings } } });
  en = i18n.getFixedT('en_US', 'settings');
});

/** The list of console-core §8, "abnormal or normal" and "changed or cleared" written out. */
const SPEC_TYPES = [
  'Server started',
  'Server status abnormal',
  'Server status normal',
  'Service abnormal',
  'Service normal',
  'Disk usage abnormal',
  'Disk usage normal',
  'Memory usage abnormal',
  'Memory usage normal',
  'Proxy server master changed',
  'ESL server leader changed',
  'DB server status changed',
  'Tag update failure',
  'Low battery list changed',
  'Low battery list cleared',
  'Tag status check time-out',
  'GW recovery started',
  'GW recovery finished',
  'GW status abnormal',
  'GW status normal',
  'Send to GW failure',
  'GW time sync abnormal',
  'GW time sync normal',
  'Account locked',
  'API permission denied',
  'Send e-mail failure',
  'Invalid store code',
  'Invalid GRM',
  'Product file parser exception',
  'Third-party auth exception',
  'Tag data decorator exception',
  'File download task failure',
  'Stats task failure',
];

describe('system alarm types', () => {
  // spec: core §8.24 — every system alarm type of the list is named in the alarm history
  it('names every type of the spec list through its own code', () => {
    const named = new Map(Object.values(SYSTEM_ALARM_TYPES).map(({ code }) => [alarmTypeLabel(en, code).toLowerCase(), code]));
    for (const type of SPEC_TYPES) expect(named.get(type.toLowerCase()), type).toBeDefined();
    const codes = SPEC_TYPES.map((type) => named.get(type.toLowerCase()));
    expect(new Set(codes).size).toBe(SPEC_TYPES.length);
  });
});
