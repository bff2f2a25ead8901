import { useTranslation } from 'react-i18next';
import { CHANNEL_MAX_OUTBAND, CHANNEL_MIN } from '../../../contract/schemas/constants-core';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { useOpeningLoad } from '../../ui/use-opening-load';
import {
  cellName,
  CHANNEL_COLUMNS,
  channelCellProblem,
  channelMapOf,
  channelValuesOf,
  rowCount,
  withNewRow,
  withoutLastRow,
} from './channel-setting';

interface Props {
  storeCode: string;
  /** When the modal was opened (undefined: closed); every opening reads what the server holds at that moment. */
  openedAt: number | undefined;
  onClose: () => void;
}

/**
 * The gateway channel setting modal (console-core §2, §7, §8): one row per gwIndex with its data and event
 * channel, rows added (0 / 11 / 26) and removed, saved whole with 'Complete!'. A failed save shows the server's
 * message, or status text and code.
 */
// spec: core §2.36 — gateway channel setting modal
export function ChannelSettingModal({ storeCode, openedAt, onClose }: Props) {
  const { t } = useTranslation('store');
  const dialogs = useDialogs();
  const initial = useOpeningLoad(
    openedAt,
    () => api.call(endpoints.gatewayChannelGet, { query: { storeCode } }).then((answer) => channelValuesOf(answer.channelMap)),
    onClose,
  );

  const messages = {
    number: t('channel.invalidIndex'),
    twice: (values: FormValues, row: number) => t('channel.twice', { gwIndex: values[cellName(row, 'gwIndex')].trim() }),
    channel: t('channel.invalidChannel', { min: CHANNEL_MIN, max: CHANNEL_MAX_OUTBAND }),
  };

  const fields = (values: FormValues): FormField[] =>
    Array.from({ length: rowCount(values) }).flatMap((_, row) =>
      CHANNEL_COLUMNS.map((column, i) => ({
        name: cellName(row, column),
        label: t(`channel.${column}`),
        heading: i === 0 ? t('channel.row', { n: row + 1 }) : undefined,
        inputMode: 'numeric' as const,
        validate: (value: string, all: FormValues) => {
          const problem = channelCellProblem(column, value, row, all);
          if (problem === 'twice') return messages.twice(all, row);
          return problem && messages[problem];
        },
      })),
    );

  const submit = async (values: FormValues) => {
    if (!rowCount(values)) return dialogs.error(t('channel.noData'));
    await api.call(endpoints.gatewayChannelSave, { body: { storeCode, channelMap: channelMapOf(values) } });
    void dialogs.toast(t('channel.complete'), 'success');
    onClose();
  };

  return (
    <FormModal
      isOpen={Boolean(initial)}
      title={t('channel.title')}
      testId="gw-channel-modal"
      fields={fields}
      initial={initial ?? {}}
      tools={[
        { label: t('channel.addRow'), testId: 'gw-channel-add', apply: withNewRow },
        { label: t('channel.removeRow'), testId: 'gw-channel-remove', apply: withoutLastRow },
      ]}
      submitLabel={t('channel.save')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
