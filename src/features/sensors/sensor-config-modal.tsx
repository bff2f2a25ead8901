import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sensor } from '../../../contract/schemas/sensors';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { NEW_TASK_ID, sensorTypeLabel } from './sensor-constants';
import { fieldsByType, fieldsOf, productWidthMinimum, sensorConfigOf, sensorFieldProblem, valuesOfSensor } from './sensor-config-rules';

export type SensorModalState = { mode: 'assign' } | { mode: 'update'; sensor: Sensor };

interface Props {
  storeCode: string;
  state: SensorModalState | undefined;
  onClose: () => void;
  /** After a successful write: the list reloads. */
  onSaved: () => void;
}

/**
 * The sensor assign and update modals (console-core §2, §5, §7): tag MAC, product code (assign only), sensor type
 * and the type's integer settings, which change with the chosen type. Nothing is sent until every rule holds.
 */
// spec: core §2.47, core §2.50, core §5.7 — sensor assign and update modal: type-specific integer fields, first missing field focused
// spec: plus §2.53, plus §2.56, plus §2.57 — assign or update; closes with the result on success, dismissed on cancel
export function SensorConfigModal({ storeCode, state, onClose, onSaved }: Props) {
  const { t } = useTranslation('sensors');
  const dialogs = useDialogs();
  const types = useCall(endpoints.sensorType, state ? {} : null);
  const range = useCall(endpoints.sensorDistanceErrorRange, state ? { query: { storeCode } } : null);
  const byType = useMemo(() => fieldsByType(types.data), [types.data]);
  const distanceErrorRange = range.data?.distanceErrorRange;
  const mode = state?.mode ?? 'assign';
  const fieldLabels = t('fields', { returnObjects: true }) as Record<string, string>;

  const fields = (values: FormValues): FormField[] => {
    const type = values.sensorType ?? '';
    const label = (field: string) => fieldLabels[field] ?? field;
    const minimum = type === 'TOF' && distanceErrorRange !== undefined ? productWidthMinimum(distanceErrorRange) : undefined;
    return [
      { name: 'tagMac', label: t('columns.tagMac'), required: t('assign.enterTagMac'), readOnly: mode === 'update' },
      ...(mode === 'assign' ? [{ name: 'prCode', label: t('columns.prCode'), required: t('assign.enterPrCode') }] : []),
      {
        name: 'sensorType',
        label: t('columns.sensorType'),
        type: 'select',
        required: t('assign.selectType'),
        options: [
          { value: '', label: t('assign.pickType') },
          ...Object.keys(byType).map((v) => ({ value: v, label: sensorTypeLabel(t, v) })),
        ],
      },
      ...fieldsOf(type, byType).map<FormField>((field) => ({
        name: field,
        label: label(field),
        inputMode: 'numeric',
        placeholder: field === 'productWidth' && minimum !== undefined ? t('assign.atLeast', { minimum }) : undefined,
        required: t('assign.enterField', { field: label(field) }),
        validate: (value) => {
          const problem = sensorFieldProblem(type, field, value, distanceErrorRange);
          if (problem?.kind === 'integer') return t('assign.integer', { field: label(field) });
          if (problem?.kind === 'minimum') return t('assign.productWidthMin', { minimum: problem.minimum, range: problem.range });
          return undefined;
        },
      })),
    ];
  };

  const submit = async (values: FormValues) => {
    const sensor = sensorConfigOf(values, byType);
    const tagMac = values.tagMac.trim();
    if (mode === 'assign') {
      const tagList = [{ tagMac, prCode: values.prCode.trim(), sensor }];
      await api.call(endpoints.sensorAssign, { body: { taskId: NEW_TASK_ID, priorTaskId: NEW_TASK_ID, storeCode, tagList } });
      void dialogs.toast(t('assign.done', { tagMac }), 'success');
    } else {
      await api.call(endpoints.sensorUpdate, {
        body: { taskId: NEW_TASK_ID, priorTaskId: NEW_TASK_ID, storeCode, tagList: [{ tagMac, sensor }] },
      });
      void dialogs.toast(t('update.done', { tagMac }), 'success');
    }
    onSaved();
    onClose();
  };

  // spec: plus §8.1 — a refused assign or update: FormModal's "Error" dialog with data.message, else status text and code (api/client.ts)
  const initial = state?.mode === 'update' ? valuesOfSensor(state.sensor) : { tagMac: '', prCode: '', sensorType: '' };
  return (
    <FormModal
      isOpen={Boolean(state)}
      title={t(mode === 'assign' ? 'assign.title' : 'update.title')}
      testId="sensor-config-modal"
      fields={fields}
      initial={initial}
      submitLabel={t(mode === 'assign' ? 'assign.submit' : 'update.submit')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
