import type { TFunction } from 'i18next';
import {
  STORE_DEFAULTS,
  SUB_DOMAIN_STORE_SEPARATOR,
  TAG_STATUS_CHECK_DAYS,
  TAG_STATUS_CHECK_MANUAL,
} from '../../../contract/schemas/constants-admin';
import { DURATION_CHOICES_S } from '../../../contract/schemas/constants-core';
import type { StoreConfig, StoreCreateBody, StoreUpdateBody } from '../../../contract/schemas/settings-store';
import type { FormField, FormValues } from '../../ui/form-modal';
import { parsePosition, positionText } from '../../ui/map/position-text';

type T = TFunction<'storeConfig'>;

/** The store's on/off settings (console-admin §3 Store), shown as checkboxes. */
export const STORE_FLAGS = [
  'oneChannelEnable',
  'channelMaskEnable',
  'outbandEnable',
  'notAutoRtnPage',
  'showMac',
  'hideLed',
  'eventLedCtrl',
  'enableTagStatusCheck',
  'useSensorTag',
  'enableOtaConfig',
] as const;
/** Required and numeric, 'Please input number' (console-admin §5). */
export const REQUIRED_NUMBERS = ['totalDuration', 'eventDuration', 'cpDuration'] as const;
/** Non-blank (console-admin §5) and, being timings, numbers too. */
export const NON_BLANK_NUMBERS = ['baseTimeout', 'timeoutTag'] as const;
export const OPTIONAL_NUMBERS = ['nfRandomPercent', 'nfRetryCnt', 'nfBasicSleep', 'nfDeepSleepDuration', 'timeServerPort'] as const;
const SLEEP_NUMBERS = OPTIONAL_NUMBERS.filter((n) => n !== 'timeServerPort');

/** The store form's sections (issue 31 §9: ~30 settings had been one column), each under a heading of its own. */
type StoreSection = 'store' | 'position' | 'timing' | 'sleep' | 'display' | 'checks' | 'network';
/** The flags of the radio's channels and the tag's display; the other flags go with the checks. */
const DISPLAY_FLAGS = [
  'oneChannelEnable',
  'channelMaskEnable',
  'outbandEnable',
  'notAutoRtnPage',
  'showMac',
  'hideLed',
  'eventLedCtrl',
] as const;

const NUMBER = /^\d+(\.\d+)?$/;
export const isNumberText = (value: string) => NUMBER.test(value.trim());

/**
 * The store code as saved: with useSubDomain on it is `<companyCode>_<code>` (console-admin §5); a code the member
 * already typed with the prefix is kept as it is.
 */
export function storeCodeOf(code: string, companyCode: string, useSubDomain: boolean): string {
  const trimmed = code.trim();
  const prefix = `${companyCode}${SUB_DOMAIN_STORE_SEPARATOR}`;
  return useSubDomain && !trimmed.startsWith(prefix) ? `${prefix}${trimmed}` : trimmed;
}

/** The form of a store create or update; the title 'Setting Store Error' leads every required message. */
export function storeFields(
  t: T,
  opts: { mode: 'create' | 'edit'; companies: string[]; useSubDomain: boolean; picker: FormField['render'] },
): (values: FormValues) => FormField[] {
  const title = t('errorTitle');
  const label = (name: string) => t(`fields.${name}` as 'fields.storeCode');
  const required = (name: string) => `${title}: ${t('required', { field: label(name) })}`;
  const numberRule = (value: string) => (value && !isNumberText(value) ? t('inputNumber') : undefined);
  // spec: admin §4.7 — tag status check day SUN..SAT, plus manual on update
  const days = [
    ...TAG_STATUS_CHECK_DAYS.map((d) => ({ value: d, label: t(`days.${d}`) })),
    ...(opts.mode === 'edit' ? [{ value: TAG_STATUS_CHECK_MANUAL, label: t('manual') }] : []),
  ];
  const numbers = (names: readonly string[], field: (name: string) => FormField) => names.map(field);
  const requiredNumber = (name: string): FormField => ({
    name,
    label: label(name),
    inputMode: 'decimal',
    required: t('inputNumber'),
    validate: numberRule,
  });
  /*
   * The event duration is picked from the spec's choices, in seconds (default 1, console-admin §9). A store saved
   * with another value (by another client) keeps it as a further choice, so that opening the form changes nothing.
   */
  // spec: core §9.12 — durations in seconds; duration choices 1, 2, 3 seconds
  const durationChoice = (name: string, current: string | undefined): FormField => {
    const choices: string[] = DURATION_CHOICES_S.map(String);
    const kept = current?.trim() && !choices.includes(current.trim()) ? [current.trim()] : [];
    return {
      ...requiredNumber(name),
      type: 'select',
      options: [...choices, ...kept].map((n) => ({ value: n, label: t('seconds', { n }) })),
    };
  };
  const nonBlank = (name: string): FormField => ({
    name,
    label: label(name),
    inputMode: 'decimal',
    required: required(name),
    validate: numberRule,
  });
  const optional = (name: string): FormField => ({ name, label: label(name), inputMode: 'numeric', validate: numberRule });
  const flag = (name: string): FormField => ({ name, label: label(name), type: 'checkbox' });
  // Each section's first field carries the heading (FormModal groups the fields up to the next heading).
  const opening = (heading: StoreSection, fields: FormField[]): FormField[] => {
    const [first, ...rest] = fields;
    return [{ ...first, heading: t(`sections.${heading}`) }, ...rest];
  };
  return (values) => [
    ...opening('store', [
      {
        name: 'companyCode',
        label: label('companyCode'),
        type: 'select',
        readOnly: opts.mode === 'edit',
        options: opts.companies.map((c) => ({ value: c, label: c })),
        required: required('companyCode'),
      },
      {
        name: 'storeCode',
        label: label('storeCode'),
        readOnly: opts.mode === 'edit',
        required: required('storeCode'),
        placeholder:
          opts.mode === 'create' && opts.useSubDomain && values.companyCode
            ? t('subDomainHint', { prefix: `${values.companyCode}${SUB_DOMAIN_STORE_SEPARATOR}` })
            : undefined,
      },
      { name: 'storeName', label: label('storeName'), required: required('storeName') },
      { name: 'address', label: label('address') },
    ]),
    ...opening('position', [
      {
        name: 'position',
        label: label('position'),
        type: 'custom',
        render: opts.picker,
        validate: (value) => (value && !parsePosition(value) ? t('positionInvalid') : undefined),
      },
    ]),
    ...opening('timing', [
      ...numbers(REQUIRED_NUMBERS, (name) =>
        name === 'eventDuration' ? durationChoice(name, values.eventDuration) : requiredNumber(name),
      ),
      ...numbers(NON_BLANK_NUMBERS, nonBlank),
    ]),
    ...opening('sleep', numbers(SLEEP_NUMBERS, optional)),
    ...opening('display', DISPLAY_FLAGS.map(flag)),
    ...opening('checks', [
      flag('enableTagStatusCheck'),
      { name: 'tagStatusCheckDay', label: label('tagStatusCheckDay'), type: 'select', options: days },
      flag('useSensorTag'),
      flag('enableOtaConfig'),
    ]),
    ...opening('network', [
      { name: 'timeServerIp', label: label('timeServerIp') },
      optional('timeServerPort'),
      { name: 'panId', label: label('panId') },
    ]),
  ];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A new store starts from the spec's defaults (console-admin §9). */
// spec: admin §9.6 — store defaults
export function newStoreValues(companyCode: string): FormValues {
  return {
    companyCode,
    storeCode: '',
    storeName: '',
    address: '',
    position: '',
    ...Object.fromEntries(Object.entries(STORE_DEFAULTS).map(([k, v]) => [k, String(v)])),
    ...Object.fromEntries(STORE_FLAGS.map((f) => [f, ''])),
    timeServerIp: '',
    timeServerPort: '',
    panId: '',
  };
}

export function storeValues(store: StoreConfig): FormValues {
  const values: FormValues = {
    companyCode: store.companyCode,
    storeCode: store.storeCode,
    storeName: store.storeName,
    address: store.address,
    position: store.position ? positionText(store.position.latitude, store.position.longitude) : '',
    tagStatusCheckDay: store.tagStatusCheckDay,
    timeServerIp: store.timeServerIp,
    timeServerPort: text(store.timeServerPort),
    panId: store.panId,
  };
  for (const name of [...REQUIRED_NUMBERS, ...NON_BLANK_NUMBERS, ...OPTIONAL_NUMBERS]) values[name] = text(store[name]);
  for (const flag of STORE_FLAGS) values[flag] = store[flag] ? 'true' : '';
  return values;
}

const numberOf = (value: string | undefined) => (value?.trim() ? Number(value.trim()) : undefined);

export function storeUpdateBody(values: FormValues): StoreUpdateBody {
  const position = parsePosition(values.position ?? '');
  return {
    companyCode: values.companyCode,
    storeName: values.storeName.trim(),
    address: values.address.trim(),
    totalDuration: Number(values.totalDuration),
    eventDuration: Number(values.eventDuration),
    cpDuration: Number(values.cpDuration),
    baseTimeout: Number(values.baseTimeout),
    timeoutTag: Number(values.timeoutTag),
    nfRandomPercent: numberOf(values.nfRandomPercent),
    nfRetryCnt: numberOf(values.nfRetryCnt),
    nfBasicSleep: numberOf(values.nfBasicSleep),
    nfDeepSleepDuration: numberOf(values.nfDeepSleepDuration),
    ...Object.fromEntries(STORE_FLAGS.map((f) => [f, values[f] === 'true'])),
    tagStatusCheckDay: (values.tagStatusCheckDay || STORE_DEFAULTS.tagStatusCheckDay) as StoreUpdateBody['tagStatusCheckDay'],
    timeServerIp: values.timeServerIp?.trim() || undefined,
    timeServerPort: numberOf(values.timeServerPort),
    panId: values.panId?.trim() || undefined,
    position: position ? { latitude: position.lat, longitude: position.lng } : null,
  };
}

export function storeCreateBody(values: FormValues, useSubDomain: boolean): StoreCreateBody {
  return { ...storeUpdateBody(values), storeCode: storeCodeOf(values.storeCode, values.companyCode, useSubDomain) };
}
