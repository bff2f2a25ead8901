import { useMemo, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { PlusSchedule } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { PLUS_PAGE_SIZES } from '../devices/plus-constants';
import { useInUseRemove } from '../templates/use-in-use-remove';
import { ScheduleModal } from './schedule-modal';
import { scheduleSummary } from './schedule-text';
import { useRouteParams } from '../../../ui/use-route-params';

/**
 * /plus/schedule/list/{storeCode} (plus-signage §2.2): the store's schedules with their summary (period / days /
 * time ranges); create and edit in a modal, delete (write) — a schedule devices use is kept and reported.
 */
export default function PlusScheduleListPage() {
  const { t } = useTranslation('plusTemplates');
  const { storeCode = '' } = useRouteParams();
  const writable = canWrite(useSession(), 'plus');
  const [editing, setEditing] = useState<PlusSchedule | null>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);
  const remove = useInUseRemove(storeCode, 'schedule', t('schedule.inUse'), reload);
  const dayNames = t('schedule.dayNames', { returnObjects: true }) as string[];

  // spec: plus §2.39, plus §2.40, plus §2.41 — schedule columns with the summary; edit and delete (row actions); create in the toolbar
  const columns = useMemo<Column<PlusSchedule>[]>(
    () => [
      { field: 'name', label: t('schedule.columns.name'), filter: 'text', primary: true },
      {
        field: 'summary',
        label: t('schedule.columns.summary'),
        sortable: false,
        render: (r) => <span data-testid="schedule-summary">{scheduleSummary(r, dayNames, t('schedule.everyDay'))}</span>,
      },
      { field: 'updatedAt', label: t('schedule.columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
    [t, writable, storeCode],
  );

  // Edit stays on the row; Delete waits in its menu (issue 31 §11: a red Delete stood right beside Edit).
  const rowActions = (r: PlusSchedule): RowActionDef<PlusSchedule>[] => [
    { label: t('schedule.edit'), primary: true, testId: 'schedule-edit', run: () => setEditing(r) },
    { label: t('schedule.delete'), color: 'danger', testId: 'schedule-delete', run: () => remove([r._id]) },
  ];

  const actions = writable ? (
    <IonButton onClick={() => setEditing(null)} data-testid="schedule-create">
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      {t('schedule.create')}
    </IonButton>
  ) : undefined;

  return (
    <Page title={t('schedule.title', { storeCode })} actions={actions}>
      <DataTable
        id="plus-schedule-list"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusScheduleList, params: { storeCode } }}
        rowKey={(r) => r._id}
        pageSizes={PLUS_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        selectable={writable}
        actions={
          writable
            ? [
                {
                  label: t('schedule.deleteSelected'),
                  color: 'danger',
                  needsSelection: true,
                  run: (rows) => remove(rows.map((r) => r._id)),
                },
              ]
            : []
        }
        rowActions={writable ? rowActions : undefined}
        rowActionsLabel={t('schedule.columns.actions')}
        reloadToken={reloadToken}
        emptyText={t('schedule.empty')}
      />
      <ScheduleModal
        storeCode={storeCode}
        schedule={editing}
        onSaved={() => {
          setEditing(undefined);
          reload();
        }}
        onClose={() => setEditing(undefined)}
      />
    </Page>
  );
}
