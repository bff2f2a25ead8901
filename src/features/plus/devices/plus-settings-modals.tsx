import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_THRESHOLD } from '../../../../contract/schemas/constants-plus';
import type { AlarmSettingBody } from '../../../../contract/schemas/alarms';
import { SUPER_ADMIN_ROLE } from '../../../../contract/schemas/constants-admin';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { useSession } from '../../../platform/session';
import { useDialogs } from '../../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../../ui/form-modal';

type Setting = Record<string, unknown>;

/** A setting that cannot be read shows the server's message and the dialog does not open. */
function useCloseOnLoadFailure(isOpen: boolean, error: Error | undefined, onClose: () => void) {
  const dialogs = useDialogs();
  useEffect(() => {
    if (isOpen && error) void dialogs.error(error.message).then(onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one message per failure
  }, [isOpen, error]);
}

/** A setting value as form text: numbers and words as typed, booleans as a checkbox, anything nested as JSON. */
const fieldOf = (key: string, value: unknown, readOnly: boolean): FormField => ({
  name: key,
  label: key,
  readOnly,
  type:
    typeof value === 'boolean'
      ? 'checkbox'
      : typeof value === 'number'
        ? 'number'
        : typeof value === 'object' && value !== null
          ? 'textarea'
          : 'text',
});
const textOf = (value: unknown) =>
  typeof value === 'boolean'
    ? value
      ? 'true'
      : ''
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value ?? '');
/** Back to the type each key had; a nested value that is no longer JSON is an error with the key's name. */
function valueOf(key: string, old: unknown, text: string): unknown {
  if (typeof old === 'boolean') return text === 'true';
  if (typeof old === 'number') return Number(text);
  if (typeof old === 'object' && old !== null) {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new Error(`${key}: ${(e as Error).message}`, { cause: e });
    }
  }
  return text;
}

/**
 * The Plus setting (plus-signage §3): one object for the whole system, edited as a whole — every key it holds is a
 * field typed by its value, and the save sends the whole object back. Its fields are not named by the spec (our
 * choice: the keys themselves). Only the super administrator may change it (the server's rule), others read it.
 */
// spec: plus §2.67 — the plus setting modal
export function PlusSettingModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('plus');
  const dialogs = useDialogs();
  const editable = useSession()?.role_id === SUPER_ADMIN_ROLE;
  const setting = useCall(endpoints.plusSettingGet, isOpen ? {} : null, { revalidateOnMount: true });
  const data = setting.data as Setting | undefined;
  useCloseOnLoadFailure(isOpen, setting.error, onClose);
  const keys = Object.keys(data ?? {});
  const save = async (values: FormValues) => {
    if (!data || !editable) return onClose();
    const body = Object.fromEntries(keys.map((k) => [k, valueOf(k, data[k], values[k] ?? '')]));
    await api.call(endpoints.plusSettingSave, { body });
    await setting.mutate();
    void dialogs.toast(t('messages.complete'), 'success');
    onClose();
  };
  return (
    <FormModal
      key={data ? 'loaded' : 'loading'}
      isOpen={isOpen && Boolean(data)}
      title={t('settings.plusTitle')}
      testId="plus-setting"
      fields={keys.map((k) => fieldOf(k, data?.[k], !editable))}
      initial={Object.fromEntries(keys.map((k) => [k, textOf(data?.[k])]))}
      submitLabel={editable ? undefined : t('info.ok')}
      onSubmit={save}
      onClose={onClose}
    />
  );
}

const THRESHOLDS = ['memoryThreshold', 'diskThreshold', 'progressThreshold', 'totalTagsThreshold'] as const;

/**
 * The alarm thresholds (plus-signage §5, §9): each a number from 1 to 100, checked before anything is sent — a
 * wrong one shows "<field> is Please enter a number between 1 and 100" under the title 'Setting Alarm Error'.
 * A failed save shows 'Error' with the server's message (§8).
 */
// spec: plus §2.67 — the alarm setting modal
export function AlarmSettingModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('plus');
  const dialogs = useDialogs();
  // One set of thresholds for every company: like the Plus setting, only the super administrator saves it (the
  // server's rule); others read it, with OK instead of Save.
  const writable = useSession()?.role_id === SUPER_ADMIN_ROLE;
  const setting = useCall(endpoints.alarmSettingGet, isOpen ? {} : null, { revalidateOnMount: true });
  const data = setting.data;
  useCloseOnLoadFailure(isOpen, setting.error, onClose);
  const fields: FormField[] = [
    ...THRESHOLDS.map((name): FormField => ({
      name,
      label: t(`alarm.${name}`),
      type: 'number',
      inputMode: 'numeric',
      readOnly: !writable,
    })),
    { name: 'receiveCriticalOnly', label: t('alarm.receiveCriticalOnly'), type: 'checkbox', readOnly: !writable },
  ];
  const save = async (values: FormValues) => {
    if (!writable) return onClose();
    for (const name of THRESHOLDS) {
      const text = (values[name] ?? '').trim();
      const n = Number(text);
      if (!text || !Number.isFinite(n) || n < ALARM_THRESHOLD.min || n > ALARM_THRESHOLD.max) {
        return dialogs.error(t('alarm.rangeMessage', { field: t(`alarm.${name}`) }), t('alarm.errorTitle'));
      }
    }
    const body: AlarmSettingBody = {
      ...(Object.fromEntries(THRESHOLDS.map((name) => [name, Number(values[name])])) as Omit<AlarmSettingBody, 'receiveCriticalOnly'>),
      receiveCriticalOnly: values.receiveCriticalOnly === 'true',
    };
    // spec: plus §8.2 — a refused alarm save: FormModal's "Error" with data.message, else status text and code
    await api.call(endpoints.alarmSettingUpdate, { body });
    await setting.mutate();
    void dialogs.toast(t('messages.complete'), 'success');
    onClose();
  };
  return (
    <FormModal
      key={data ? 'loaded' : 'loading'}
      isOpen={isOpen && Boolean(data)}
      title={t('alarm.title')}
      testId="plus-alarm-setting"
      fields={fields}
      initial={
        data
          ? {
              ...Object.fromEntries(THRESHOLDS.map((n) => [n, String(data[n])])),
              receiveCriticalOnly: data.receiveCriticalOnly ? 'true' : '',
            }
          : {}
      }
      submitLabel={writable ? undefined : t('info.ok')}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
