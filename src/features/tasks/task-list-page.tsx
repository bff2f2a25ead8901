import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../contract/schemas/tasks';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useCompanySelection } from '../../platform/company-selection';
import { canWrite, hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import {
  canRefresh,
  isPrivilegedRole,
  TASK_PAGE_SIZES,
  TASK_REFRESH_MS,
  TASK_TYPES,
  taskDetailPath,
  taskTypeLabel,
} from './task-constants';
import { TaskGraphModal } from './task-graph-modal';
import { TaskProgress } from './task-progress';
import './tasks.css';

/**
 * /task (console-admin §2, §4): the tasks of the member's stores with progress; detail, graph, refresh (roles -1
 * and 0, unfinished tasks) and revert (product update tasks, task write).
 */
export default function TaskListPage() {
  const { t } = useTranslation('tasks');
  const session = useSession();
  const several = hasSeveralCompanies(session);
  const privileged = isPrivilegedRole(session?.role_id);
  const writer = canWrite(session, 'task');
  const company = useCompanySelection();
  const [graphOf, setGraphOf] = useState<Task>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);

  const act = useAction({ reload });

  const columns = useMemo(() => {
    const all: (Column<Task> | false)[] = [
      { field: 'taskId', label: t('columns.taskId'), filter: 'text', primary: true },
      // spec: admin §6.7 — company column only for a member of several companies
      several && { field: 'companyCode', label: t('columns.company'), filter: 'text', render: (r) => r.companyName },
      { field: 'storeName', label: t('columns.store'), filter: 'text' },
      {
        field: 'taskType',
        label: t('columns.taskType'),
        filter: 'enum',
        options: TASK_TYPES.map((v) => ({ value: v, label: taskTypeLabel(t, v) })),
        render: (r) => taskTypeLabel(t, r.taskType),
      },
      { field: 'progress', label: t('columns.progress'), filter: 'number', render: (r) => <TaskProgress task={r} /> },
      { field: 'startTime', label: t('columns.startTime'), render: (r) => formatDateTime(r.startTime) },
      { field: 'endTime', label: t('columns.endTime'), render: (r) => (r.endTime ? formatDateTime(r.endTime) : t('inProgress')) },
    ];
    return all.filter((c): c is Column<Task> => Boolean(c));
  }, [t, several]);

  // Detail and Graph stay on the row; refresh and revert wait in its menu (issue 31 §12).
  const rowActions = useCallback(
    (r: Task): (RowActionDef<Task> | false)[] => [
      {
        label: t('actions.detail'),
        primary: true,
        href: taskDetailPath(r.companyCode, r.storeCode, r.taskId, r.taskType),
        testId: `task-detail-${r.taskId}`,
      },
      { label: t('actions.graph'), primary: true, testId: `task-graph-${r.taskId}`, run: () => setGraphOf(r) },
      privileged &&
        canRefresh(r) && {
          label: t('actions.refresh'),
          testId: `task-refresh-${r.taskId}`,
          run: () =>
            act({
              call: () => api.call(endpoints.taskRefresh, { body: { storeCode: r.storeCode, internalTaskId: r.internalTaskId } }),
              done: t('messages.refreshed', { task: r.taskId }),
            }),
        },
      writer &&
        r.taskType === 'UPDATE' && {
          label: t('actions.revert'),
          color: 'danger',
          testId: `task-revert-${r.taskId}`,
          run: () =>
            act({
              confirm: t('messages.revertConfirm', { task: r.taskId }),
              call: () => api.call(endpoints.taskRevert, { body: { storeCode: r.storeCode, taskId: r.taskId } }),
              done: t('messages.reverted', { task: r.taskId }),
            }),
        },
    ],
    [t, privileged, writer, act],
  );

  return (
    <Page title={t('list.title')}>
      <DataTable
        id="tasks"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.taskList }}
        rowKey={(r) => `${r.storeCode}/${r.taskId}`}
        pageSizes={TASK_PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'startTime', dir: 'desc' }}
        dateRange
        reloadToken={reloadToken}
        refreshInterval={TASK_REFRESH_MS}
        rowActions={rowActions}
        rowActionsLabel={t('columns.actions')}
      />
      <TaskGraphModal task={graphOf} onClose={() => setGraphOf(undefined)} />
    </Page>
  );
}
