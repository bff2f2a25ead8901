import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TagAlarmHistoryRow,
  TagBatteryHistoryRow,
  TagResetHistoryRow,
  TagTemperatureHistoryRow,
  TagUpdateHistoryRow,
} from '../../../contract/schemas/tag-history';
import { endpoints } from '../../../contract/endpoints';
import { formatDateTime } from '../../ui/format-time';
import { TagStatusBadge } from '../../ui/status-badge';
import { cutProductInfo, updateRowStatus } from './tag-format';
import { TagHistoryPage } from './tag-history-page';
import { tagAlarmTypeLabel } from './tag-alarm-types';

/** The five tag histories of console-core §2, each a declaration of TagHistoryPage. */

function useUpdateColumns() {
  const { t } = useTranslation('tags');
  return useMemo(
    () => [
      { field: 'taskId', label: t('history.taskId'), filter: 'text' as const, primary: true },
      { field: 'prCode', label: t('history.prCode'), filter: 'text' as const },
      { field: 'layoutId', label: t('history.layoutId'), filter: 'text' as const },
      {
        field: 'prInfo',
        label: t('history.prInfo'),
        filter: 'text' as const,
        sortable: false,
        render: (r: TagUpdateHistoryRow) => cutProductInfo(r.prInfo),
      },
      { field: 'nfc', label: t('history.nfc'), filter: 'text' as const, hiddenByDefault: true },
      {
        field: 'status',
        label: t('history.status'),
        render: (r: TagUpdateHistoryRow) => {
          const status = updateRowStatus(r);
          return <TagStatusBadge status={status === 'IN_PROGRESS' ? 'WIP' : status} label={t(`history.result.${status}`)} />;
        },
      },
      { field: 'updatedAt', label: t('history.updatedAt'), render: (r: TagUpdateHistoryRow) => formatDateTime(r.updatedAt) },
    ],
    [t],
  );
}

function useAlarmColumns() {
  const { t } = useTranslation('tags');
  return useMemo(
    () => [
      { field: 'alarmTime', label: t('history.alarmTime'), primary: true, render: (r: TagAlarmHistoryRow) => formatDateTime(r.alarmTime) },
      {
        field: 'alarmType',
        label: t('history.alarmType'),
        filter: 'text' as const,
        // Rows that carry an alarm class get its colour (console-core §4: 1 blue, 2 orange, 3 red).
        render: (r: TagAlarmHistoryRow & { class?: number }) => (
          <span className={r.class ? `tag-alarm-class-${r.class}` : undefined}>{tagAlarmTypeLabel(t, r.alarmType)}</span>
        ),
      },
    ],
    [t],
  );
}

function useBatteryColumns() {
  const { t } = useTranslation('tags');
  return useMemo(
    () => [
      {
        field: 'updatedAt',
        label: t('history.updatedAt'),
        primary: true,
        render: (r: TagBatteryHistoryRow) => formatDateTime(r.updatedAt),
      },
      { field: 'battery', label: t('history.battery'), filter: 'number' as const },
    ],
    [t],
  );
}

function useResetColumns() {
  const { t } = useTranslation('tags');
  return useMemo(
    () => [
      { field: 'last_time', label: t('history.lastTime'), primary: true, render: (r: TagResetHistoryRow) => formatDateTime(r.last_time) },
      { field: 'cnt', label: t('history.cnt'), filter: 'number' as const },
    ],
    [t],
  );
}

function useTemperatureColumns() {
  const { t } = useTranslation('tags');
  return useMemo(
    () => [
      {
        field: 'updatedAt',
        label: t('history.updatedAt'),
        primary: true,
        render: (r: TagTemperatureHistoryRow) => formatDateTime(r.updatedAt),
      },
      { field: 'temperature', label: t('history.temperature'), filter: 'number' as const },
    ],
    [t],
  );
}

export const TagUpdateHistoryPage = () => (
  <TagHistoryPage
    kind="update"
    endpoint={endpoints.tagUpdateHistory}
    timeField="updatedAt"
    rowKey={(r: TagUpdateHistoryRow) => `${r.taskId}-${r.prCode}`}
    useColumns={useUpdateColumns}
  />
);
export const TagAlarmHistoryPage = () => (
  <TagHistoryPage
    kind="alarm"
    endpoint={endpoints.tagAlarmHistory}
    timeField="alarmTime"
    rowKey={(r: TagAlarmHistoryRow) => `${r.alarmTime}-${r.alarmType}`}
    useColumns={useAlarmColumns}
  />
);
export const TagBatteryHistoryPage = () => (
  <TagHistoryPage
    kind="battery"
    endpoint={endpoints.tagBatteryHistory}
    timeField="updatedAt"
    rowKey={(r: TagBatteryHistoryRow) => r.updatedAt}
    useColumns={useBatteryColumns}
  />
);
export const TagResetHistoryPage = () => (
  <TagHistoryPage
    kind="reset"
    endpoint={endpoints.tagResetHistory}
    timeField="last_time"
    rowKey={(r: TagResetHistoryRow) => r.last_time}
    useColumns={useResetColumns}
  />
);
export const TagTemperatureHistoryPage = () => (
  <TagHistoryPage
    kind="temperature"
    endpoint={endpoints.tagTemperatureHistory}
    timeField="updatedAt"
    rowKey={(r: TagTemperatureHistoryRow) => r.updatedAt}
    useColumns={useTemperatureColumns}
  />
);

export const TAG_HISTORY_PAGES = {
  update: TagUpdateHistoryPage,
  alarm: TagAlarmHistoryPage,
  battery: TagBatteryHistoryPage,
  reset: TagResetHistoryPage,
  temperature: TagTemperatureHistoryPage,
};
