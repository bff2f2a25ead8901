import { useTranslation } from 'react-i18next';
import { sensorTypeLabel } from '../sensors/sensor-constants';
import { SENSOR_TYPES } from '../../../contract/schemas/sensors';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { isNumberText } from './store-config-form';

/** The store's own distance error range; the sensors screens read it from here (server/repos/sensors.ts). */
const DISTANCE_KEY = 'distanceErrorRange';
const SIGNED_NUMBER = (value: string) => isNumberText(value.replace(/^-/, ''));

interface Props {
  storeCode: string | undefined;
  onClose: () => void;
}

/**
 * The per-store sensor config (console-admin §7): sensor name → number, only non-zero entries kept. The names
 * offered are the sensor types, the distance error range, and whatever the store already holds.
 */
export function StoreSensorConfigModal({ storeCode, onClose }: Props) {
  const { t } = useTranslation('storeConfig');
  const { t: tSensors } = useTranslation('sensors');
  const dialogs = useDialogs();
  const config = useCall(endpoints.sensorConfigGet, storeCode ? { params: { storeCode } } : null);
  const names = [...new Set([...SENSOR_TYPES, DISTANCE_KEY, ...Object.keys(config.data ?? {})])];
  const fields: FormField[] = names.map((name) => ({
    name,
    // A sensor type reads as its name in the member's language (issue 31.6); other stored names as they are.
    label: sensorTypeLabel(tSensors, name),
    inputMode: 'decimal',
    validate: (value) => (value && !SIGNED_NUMBER(value) ? t('inputNumber') : undefined),
  }));

  const submit = async (values: FormValues) => {
    const body = Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v.trim() && Number(v) !== 0)
        .map(([k, v]) => [k, Number(v)]),
    );
    await api.call(endpoints.sensorConfigSave, { params: { storeCode: storeCode! }, body });
    void dialogs.toast(t('sensorConfig.saved', { store: storeCode }), 'success');
    await config.mutate();
    onClose();
  };

  return (
    <FormModal
      // Opened once the stored config is in, so that the form starts from it.
      isOpen={Boolean(storeCode) && config.data !== undefined}
      title={t('sensorConfig.title', { store: storeCode })}
      testId="store-sensor-modal"
      fields={fields}
      initial={Object.fromEntries(names.map((n) => [n, config.data?.[n] === undefined ? '' : String(config.data[n])]))}
      errorTitle={t('errorTitle')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
