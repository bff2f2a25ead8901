import { useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { EndpointDef } from '../../../../contract/endpoints/define';
import { api } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type TableAction } from '../../../ui/data-table';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { useAction } from '../../../ui/use-action';
import { V1_PAGE_SIZES } from './v1-paths';

export interface V1LibraryRow {
  id: string;
  name: string;
  user: string;
  updatedAt: string;
}

/**
 * The lists of v1 shows, sets and timelines (plus-signage §2.6): 25 rows, search by name, user and time, a link to
 * the editor, multi-select delete and create (plus write). A screen declares its extra columns and actions.
 */
export function V1LibraryList<Row extends V1LibraryRow>(props: {
  id: string;
  title: string;
  list: EndpointDef;
  remove: EndpointDef;
  href: (row: Row) => string;
  /** Where "create" leads, or what it does. */
  create: string | (() => void);
  columns?: Column<Row>[];
  actions?: TableAction<Row>[];
  /** Row buttons after the name (e.g. schedule and devices of a timeline). */
  rowActions?: (row: Row) => ReactNode;
  reloadToken?: number;
}) {
  const { t } = useTranslation('plusV1');
  const writable = canWrite(useSession(), 'plus');
  const navigate = useNavigate();
  const [ownReload, setOwnReload] = useState(0);

  // A refused delete reloads too, so the list shows what the server kept.
  const act = useAction({ reload: () => setOwnReload((n) => n + 1), reloadAfterFailure: true });
  const remove = (rows: Row[]) =>
    act({ confirm: true, call: () => api.call(props.remove, { body: { idList: rows.map((r) => r.id) } } as never), done: t('complete') });

  const columns: Column<Row>[] = [
    { field: 'name', label: t('columns.name'), filter: 'text', primary: true },
    ...(props.columns ?? []),
    { field: 'user', label: t('columns.user'), filter: 'text' },
    { field: 'updatedAt', label: t('columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
    ...(props.rowActions
      ? [
          {
            field: 'actions',
            label: t('columns.actions'),
            sortable: false,
            render: (r: Row) => <span onClick={(e) => e.stopPropagation()}>{props.rowActions!(r)}</span>,
          },
        ]
      : []),
  ];
  const create = () => (typeof props.create === 'string' ? navigate(props.create) : props.create());
  const toolbar = writable ? (
    <IonButton onClick={create} data-testid={`${props.id}-create`}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      {t('create')}
    </IonButton>
  ) : undefined;

  return (
    <Page title={props.title} actions={toolbar}>
      <DataTable
        id={props.id}
        columns={columns}
        source={{ kind: 'server', endpoint: props.list }}
        rowKey={(r) => r.id}
        rowHref={props.href}
        pageSizes={V1_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        selectable={writable}
        actions={[
          ...(props.actions ?? []),
          ...(writable ? [{ label: t('deleteSelected'), color: 'danger' as const, needsSelection: true, run: remove }] : []),
        ]}
        reloadToken={(props.reloadToken ?? 0) + ownReload}
      />
    </Page>
  );
}
