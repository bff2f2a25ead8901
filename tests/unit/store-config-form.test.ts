import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en_US/storeConfig.json';
import { firstInvalid } from '../../src/ui/form-modal';
import { parsePosition } from '../../src/ui/map/position-text';
import { newStoreValues, storeCodeOf, storeCreateBody, storeFields } from '../../src/features/settings/store-config-form';

/** The store form's rules (console-admin §5, §9) with the en_US texts, as the member reads them. */
const t = ((key: string, args: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => args[name] ?? '');
}) as unknown as TFunction<'storeConfig'>;

const fields = storeFields(t, { mode: 'create', companies: ['ACME'], useSubDomain: false, picker: () => null });
const valid = { ...newStoreValues('ACME'), storeCode: 'S1', storeName: 'Store one' };
const problem = (change: Record<string, string>) => firstInvalid(fields({ ...valid, ...change }), { ...valid, ...change });

describe('store form', () => {
  // spec: admin §9.6 — store defaults
  it('starts from the spec defaults', () => {
    expect(newStoreValues('ACME')).toMatchObject({
      totalDuration: '60',
      eventDuration: '1',
      cpDuration: '14',
      baseTimeout: '60',
      timeoutTag: '0.1',
      nfRandomPercent: '5',
      nfRetryCnt: '8',
      nfBasicSleep: '18',
      nfDeepSleepDuration: '30',
      tagStatusCheckDay: 'SUN',
    });
    expect(problem({})).toBeUndefined();
  });

  it('asks for the code and the name under the title Setting Store Error', () => {
    expect(problem({ storeCode: ' ' })).toEqual({ field: 'storeCode', message: 'Setting Store Error: Store code is required.' });
    expect(problem({ storeName: '' })).toEqual({ field: 'storeName', message: 'Setting Store Error: Store name is required.' });
    expect(problem({ companyCode: '' })).toEqual({ field: 'companyCode', message: 'Setting Store Error: Company is required.' });
  });

  it('says Please input number for the durations, empty or not numbers', () => {
    for (const field of ['totalDuration', 'eventDuration', 'cpDuration']) {
      expect(problem({ [field]: '' })).toEqual({ field, message: 'Please input number' });
      expect(problem({ [field]: 'abc' })).toEqual({ field, message: 'Please input number' });
    }
    expect(problem({ timeoutTag: 'x' })).toEqual({ field: 'timeoutTag', message: 'Please input number' });
    expect(problem({ nfRetryCnt: '8x' })).toEqual({ field: 'nfRetryCnt', message: 'Please input number' });
  });

  it('needs baseTimeout and timeoutTag non-blank', () => {
    expect(problem({ baseTimeout: '' })).toEqual({ field: 'baseTimeout', message: 'Setting Store Error: Base timeout is required.' });
    expect(problem({ timeoutTag: ' ' })).toEqual({ field: 'timeoutTag', message: 'Setting Store Error: Timeout per tag is required.' });
  });

  it('checks a typed position', () => {
    expect(problem({ position: '91,0' })).toEqual({ field: 'position', message: 'Enter the position as latitude,longitude.' });
    expect(problem({ position: '35.6595,139.7005' })).toBeUndefined();
    expect(parsePosition('35.5,')).toBeUndefined();
  });

  it('prefixes the store code with the company code when sub-domains are on', () => {
    expect(storeCodeOf('S1', 'ACME', true)).toBe('ACME_S1');
    expect(storeCodeOf('ACME_S1', 'ACME', true)).toBe('ACME_S1');
    expect(storeCodeOf(' S1 ', 'ACME', false)).toBe('S1');
    const body = storeCreateBody({ ...valid, position: '52.5,13.4', outbandEnable: 'true' }, true);
    expect(body).toMatchObject({
      storeCode: 'ACME_S1',
      totalDuration: 60,
      timeoutTag: 0.1,
      outbandEnable: true,
      showMac: false,
      position: { latitude: 52.5, longitude: 13.4 },
    });
  });
});
