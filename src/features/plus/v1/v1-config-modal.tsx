import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { V1_BRIGHTNESS, V1_VOLUME } from '../../../../contract/schemas/constants-plus';
import type { V1DeviceConfig } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../../ui/form-modal';
import { useFreshCall } from '../../../platform/use-fresh-call';

// spec: plus §9.16 — the IANA time-zone names
const ZONES = Intl.supportedValuesOf('timeZone');
const TEXT_FIELDS = [
  'code',
  'name',
  'storeCode',
  'category',
  'section',
  'shelfID',
  'position',
  'orientation',
  'timeserver',
  'opentime',
  'closetime',
  'adminPwd',
  'managerPwd',
] as const;
const FLAGS = ['bt', 'nfc', 'autorun', 'autoupdate'] as const;
const NUMBERS = ['volume', 'bright', 'screenInterval', 'cameraInterval'] as const;

/** plus-signage §5: a volume outside 0–15 becomes 0, a brightness outside 0–10 becomes 10. */
// spec: plus §5.19 — out-of-range volume and brightness reset
export function clampV1(value: string, range: { min: number; max: number; reset: number }): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= range.min && n <= range.max ? n : range.reset;
}

function toValues(config: V1DeviceConfig): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(config)) values[key] = typeof value === 'boolean' ? (value ? 'true' : '') : String(value ?? '');
  return values;
}

function toConfig(values: FormValues): Partial<V1DeviceConfig> {
  const config: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) if ((values[key] ?? '') !== '') config[key] = values[key].trim();
  for (const key of FLAGS) config[key] = values[key] === 'true';
  if (values.timezone) config.timezone = values.timezone;
  config.volume = clampV1(values.volume ?? '', V1_VOLUME);
  config.bright = clampV1(values.bright ?? '', V1_BRIGHTNESS);
  for (const key of ['screenInterval', 'cameraInterval'] as const) if (values[key]?.trim()) config[key] = Number(values[key]);
  return config;
}

/** The v1 device config (plus-signage §2.7 "device info or config", §3 every config field, §5 ranges, §7.4). */
// spec: plus §2.67 — the v1 device config modal
export function V1ConfigModal({
  mac,
  writable,
  onDone,
  onClose,
}: {
  mac: string | undefined;
  writable: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('plusV1');
  const dialogs = useDialogs();
  // Each opening reads the device's config afresh, and waits for it (useFreshCall); a failure is told once.
  const loaded = useFreshCall(endpoints.plusV1DeviceConfig, mac ? { mac } : undefined, undefined, { shouldRetryOnError: false });
  const initial = useMemo(() => loaded.data && { ...toValues(loaded.data.config), ipAddress: loaded.data.ipAddress }, [loaded.data]);
  useEffect(() => {
    // spec: plus §8.8 — a config that fails to load: the message, then the modal closes
    if (mac && loaded.error) void dialogs.error(loaded.error.message).then(onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one message per failure
  }, [loaded.error]);

  const fields: FormField[] = [
    { name: 'ipAddress', label: t('config.ipAddress'), readOnly: true },
    ...TEXT_FIELDS.slice(0, 7).map((name) => ({ name, label: t(`config.${name}`), readOnly: !writable })),
    {
      name: 'timezone',
      label: t('config.timezone'),
      type: 'select',
      options: [{ value: '', label: '-' }, ...ZONES.map((z) => ({ value: z, label: z }))],
    },
    ...NUMBERS.map((name) => ({
      name,
      label: t(`config.${name}`),
      type: 'number' as const,
      inputMode: 'numeric' as const,
      readOnly: !writable,
    })),
    ...FLAGS.map((name) => ({ name, label: t(`config.${name}`), type: 'checkbox' as const })),
    ...TEXT_FIELDS.slice(7).map((name) => ({
      name,
      label: t(`config.${name}`),
      readOnly: !writable,
      type: name.endsWith('Pwd') ? ('password' as const) : undefined,
    })),
  ];

  return (
    <FormModal
      isOpen={Boolean(mac && initial)}
      title={t('config.title', { mac })}
      testId="v1-config"
      fields={fields}
      initial={initial ?? {}}
      submitLabel={writable ? t('save') : undefined}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!writable || !mac) return onClose();
        await api.call(endpoints.plusV1DeviceConfigSave, { body: { mac, config: toConfig(values) } });
        void dialogs.toast(t('complete'), 'success');
        onDone();
      }}
    />
  );
}
