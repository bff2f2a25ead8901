import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtaTask } from '../../../contract/schemas/ota';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { RowAction, RowActions } from '../../ui/row-actions';
import { useAction } from '../../ui/use-action';
import {
  canRefreshOta,
  hexVersion,
  OTA_HISTORY_DEFAULT_COLUMNS,
  OTA_HISTORY_PAGE_SIZES,
  OTA_IN_PROGRESS,
  OTA_REFRESH_MS,
  otaDetailPath,
} from './ota-constants';
import { OtaProgress } from './ota-progress';

// spec: admin §9.13 — default visible OTA history columns
const DEFAULT_VISIBLE: readonly string[] = OTA_HISTORY_DEFAULT_COLUMNS;

/**
 * The OTA history of one store (console-admin §2, §9): the spec's default columns, the parameters on demand; refresh
 * until 100 %, stop and per-gateway finish while the job runs (store_config write).
 */
export function OtaHistoryTable({
  storeCode,
  writable,
  reloadToken,
  onChanged,
}: {
  storeCode: string;
  writable: boolean;
  reloadToken: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation('ota');

  // A refused refresh, stop or finish reloads too: the job may have moved on, and the table shows where it is.
  const act = useAction({ reload: onChanged, reloadAfterFailure: true });

  const columns = useMemo(() => {
    const running = (r: OtaTask) => r.endTime === OTA_IN_PROGRESS;
    const all: Column<OtaTask>[] = [
      { field: 'taskId', label: t('history.taskId'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('history.storeCode'), sortable: false },
      { field: 'totalTags', label: t('history.totalTags'), filter: 'number' },
      { field: 'updatedTags', label: t('history.updatedTags'), filter: 'number' },
      { field: 'progress', label: t('history.progress'), filter: 'number', render: (r) => <OtaProgress task={r} /> },
      { field: 'startTime', label: t('history.startTime'), render: (r) => formatDateTime(r.startTime) },
      {
        field: 'endTime',
        label: t('history.endTime'),
        render: (r) => (r.endTime === OTA_IN_PROGRESS ? t('history.inProgress') : formatDateTime(r.endTime)),
      },
      {
        field: 'gwResult',
        label: t('history.gwResult'),
        sortable: false,
        render: (r) => (
          <span className="ota-gw-result" onClick={(e) => e.stopPropagation()}>
            {r.gwResult.map((g) => (
              <span key={g.gwMac} data-testid={`ota-gw-${r.taskId}-${g.gwMac}`} data-finished={g.finished}>
                {g.gwIp} — {g.finished ? t('history.gwDone') : t('history.gwRunning', { done: g.done, total: g.total })}
                {writable && running(r) && !g.finished && (
                  <RowAction
                    data-testid={`ota-finish-${r.taskId}-${g.gwMac}`}
                    onClick={() =>
                      void act({
                        confirm: t('actions.finishConfirm', { gw: g.gwIp }),
                        call: () => api.call(endpoints.otaGatewayFinish, { body: { storeCode, taskId: r.taskId, gwMac: g.gwMac } }),
                        done: t('actions.finished', { gw: g.gwIp }),
                      })
                    }
                  >
                    {t('actions.finishGateway', { gw: g.gwIp })}
                  </RowAction>
                )}
              </span>
            ))}
          </span>
        ),
      },
      { field: 'fileName', label: t('history.fileName'), filter: 'text' },
      { field: 'otaType', label: t('history.otaType') },
      { field: 'tagVersion', label: t('history.tagVersion'), filter: 'hex', render: (r) => hexVersion(r.tagVersion) },
      { field: 'startVersion', label: t('history.startVersion'), filter: 'hex', render: (r) => hexVersion(r.startVersion) },
      { field: 'endVersion', label: t('history.endVersion'), filter: 'hex', render: (r) => hexVersion(r.endVersion) },
      ...(['repeatCnt', 'otaStartTime', 'otaSleepMinTime', 'otaSleepDistTime', 'otaTransmissionTime'] as const).map((field) => ({
        field,
        label: t(`history.${field}`),
        sortable: false,
      })),
      {
        field: 'actions',
        label: t('history.actions'),
        sortable: false,
        render: (r) => (
          <RowActions>
            {canRefreshOta(r) && (
              <RowAction
                fill="outline"
                data-testid={`ota-refresh-${r.taskId}`}
                onClick={() =>
                  void act({
                    call: () => api.call(endpoints.otaRefresh, { body: { storeCode, otaTaskId: r.taskId } }),
                    done: t('actions.refreshed', { taskId: r.taskId }),
                  })
                }
              >
                {t('actions.refresh')}
              </RowAction>
            )}
            {writable && running(r) && (
              <RowAction
                fill="solid"
                color="danger"
                data-testid={`ota-stop-${r.taskId}`}
                onClick={() =>
                  void act({
                    confirm: t('actions.stopConfirm', { taskId: r.taskId }),
                    call: () => api.call(endpoints.otaStop, { body: { storeCode, info: {} } }),
                    done: t('actions.stopped', { taskId: r.taskId }),
                  })
                }
              >
                {t('actions.stop')}
              </RowAction>
            )}
          </RowActions>
        ),
      },
    ];
    return all.map((c) => ({ ...c, hiddenByDefault: c.field !== 'actions' && !DEFAULT_VISIBLE.includes(c.field) }));
  }, [t, writable, storeCode, act]);

  return (
    <DataTable
      id="ota-history"
      logoutOnLoadFailure
      columns={columns}
      source={{ kind: 'server', endpoint: endpoints.otaHistory, params: { storeCode } }}
      rowKey={(r) => r.taskId}
      rowHref={(r) => otaDetailPath(storeCode, r.taskId)}
      pageSizes={OTA_HISTORY_PAGE_SIZES}
      defaultSort={{ field: 'startTime', dir: 'desc' }}
      dateRange
      reloadToken={reloadToken}
      refreshInterval={OTA_REFRESH_MS}
    />
  );
}
