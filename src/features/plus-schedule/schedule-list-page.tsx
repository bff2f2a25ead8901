import { useMemo, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { PlusSchedule } from '../../api/contract/plus-assets';
import { endpoints } from '../../api/endpoints';
import { canWrite, useSession } from '../../app/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { PLUS_PAGE_SIZES } from '../plus/plus-constants';
import { useInUseRemove } from '../plus-template/use-in-use-remove';
import { ScheduleModal } from './schedule-modal';
import { scheduleSummary } from './schedule-text';
import { useRouteParams } from '../../ui/use-route-params';

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

  // spec: plus §2.39, plus §2.40, plus §2.41 — schedule columns with the summary; edit and delete; create in the toolbar
  const columns = useMemo<Column<PlusSchedule>[]>(
    () => [
      { field: 'name', label: t('schedule.columns.name'), filter: 'text', primary: true },
      { field: 'summary', label: t('schedule.columns.summary'), sortable: false, render: (r) => <span data-testid="schedule-summary">{scheduleSummary(r, dayNames, t('schedule.everyDay'))}</span> },
      { field: 'updatedAt', label: t('schedule.columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'actions',
        label: t('schedule.columns.actions'),
        sortable: false,
        render: (r) =>
          writable ? (
            <span onClick={(e) => e.stopPropagation()}>
              <IonButton size="small" fill="clear" onClick={() => setEditing(r)} data-testid="schedule-edit">{t('schedule.edit')}</IonButton>
              <IonButton size="small" fill="clear" color="danger" onClick={() => void remove([r._id])} data-testid="schedule-delete">{t('schedule.delete')}</IonButton>
            </span>
          ) : (
            '-'
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
    [t, writable, storeCode],
  );

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
        actions={writable ? [{ label: t('schedule.deleteSelected'), color: 'danger', needsSelection: true, run: (rows) => remove(rows.map((r) => r._id)) }] : []}
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
