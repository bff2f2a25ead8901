import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en_US/storeConfig.json';
import ja from '../../locales/ja_JP/storeConfig.json';
import { DURATION_CHOICES_S } from '../../contract/schemas/constants-core';
import { firstInvalid } from '../../src/ui/form-modal';
import { newStoreValues, storeFields, storeUpdateBody, storeValues } from '../../src/features/settings/store-config-form';
import type { StoreConfig } from '../../contract/schemas/settings-store';

/*
 * console-core §9: "durations in seconds; duration choices 1, 2, 3 seconds". The store form's event duration (a
 * duration in seconds, default 1) is picked from those choices, labelled in seconds in the member's language.
 */
const translate = (texts: unknown) =>
  ((key: string, args: Record<string, string> = {}) => {
    const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts) as string;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => args[name] ?? '');
  }) as unknown as TFunction<'storeConfig'>;

const eventDuration = (values: Record<string, string>, texts: unknown = en, mode: 'create' | 'edit' = 'create') =>
  storeFields(translate(texts), { mode, companies: ['ACME'], useSubDomain: false, picker: () => null })(values).find(
    (f) => f.name === 'eventDuration',
  )!;

describe('duration choices (console-core §9)', () => {
  // spec: core §9.12 — duration choices 1, 2, 3 seconds
  it('offers the event duration as a choice of 1, 2 or 3 seconds, 1 by default', () => {
    expect(DURATION_CHOICES_S).toEqual([1, 2, 3]);
    const values = newStoreValues('ACME');
    const field = eventDuration(values);
    expect(field.type).toBe('select');
    expect(field.options).toEqual([
      { value: '1', label: '1 s' },
      { value: '2', label: '2 s' },
      { value: '3', label: '3 s' },
    ]);
    expect(values.eventDuration).toBe('1');
    expect(eventDuration(values, ja).options?.map((o) => o.label)).toEqual(['1 秒', '2 秒', '3 秒']);
  });

  // spec: core §9.12 — durations in seconds: the choice is sent as a number of seconds
  it('sends the chosen seconds as a number, still requires one, and keeps a stored value outside the choices', () => {
    const values = { ...newStoreValues('ACME'), storeCode: 'S1', storeName: 'Store one', eventDuration: '3' };
    expect(storeUpdateBody(values).eventDuration).toBe(3);
    const fields = storeFields(translate(en), { mode: 'create', companies: ['ACME'], useSubDomain: false, picker: () => null })({
      ...values,
      eventDuration: '',
    });
    expect(firstInvalid(fields, { ...values, eventDuration: '' })).toEqual({ field: 'eventDuration', message: 'Please input number' });

    // A store another client saved with 5 s: opening the form shows 5 s and changes nothing.
    const stored = storeValues({ ...storeOf(), eventDuration: 5 });
    expect(stored.eventDuration).toBe('5');
    expect(eventDuration(stored, en, 'edit').options?.map((o) => o.value)).toEqual(['1', '2', '3', '5']);
    expect(storeUpdateBody(stored).eventDuration).toBe(5);
  });
});

function storeOf(): StoreConfig {
  const defaults = newStoreValues('ACME');
  return {
    companyCode: 'ACME',
    storeCode: 'S1',
    storeName: 'Store one',
    address: '',
    position: null,
    timeServerIp: '',
    panId: '',
    tagStatusCheckDay: 'SUN',
    totalDuration: 60,
    eventDuration: 1,
    cpDuration: 14,
    baseTimeout: 60,
    timeoutTag: 0.1,
    nfRandomPercent: Number(defaults.nfRandomPercent),
    nfRetryCnt: 8,
    nfBasicSleep: 18,
    nfDeepSleepDuration: 30,
    oneChannelEnable: false,
    channelMaskEnable: false,
    outbandEnable: false,
    notAutoRtnPage: false,
    showMac: false,
    hideLed: false,
    eventLedCtrl: false,
    enableTagStatusCheck: false,
    useSensorTag: false,
    enableOtaConfig: false,
  } as StoreConfig;
}
