import { useMemo } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { Server, ServerType } from '../../../contract/schemas/status';
import { SERVER_STATES, SERVER_TYPES } from '../../../contract/schemas/status';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { HealthBadge } from '../../ui/status-badge';
import { serverStateKey } from './server-labels';

/** Labels of status, state (upper case, translated; console-core §4) and type, shared by the list and the detail. */
export function useServerLabels() {
  const { t } = useTranslation('servers');
  return useMemo(
    () => ({
      status: (status: string) => (status === 'NORMAL' || status === 'ALARM' || status === 'OFFLINE' ? t(`status.${status}`) : status),
      state: (state: string) => {
        const { upper, known } = serverStateKey(state);
        return known ? t(`state.${known}`) : upper;
      },
      type: (type: ServerType | string) => ((SERVER_TYPES as readonly string[]).includes(type) ? t(`type.${type as ServerType}`) : type),
    }),
    [t],
  );
}

/** The server list's columns; the delete button only for members with server write (console-core §6). */
export function useServerColumns(onDelete: ((server: Server) => void) | undefined): Column<Server>[] {
  const { t } = useTranslation('servers');
  const labels = useServerLabels();
  return useMemo(() => {
    const columns: Column<Server>[] = [
      { field: 'name', label: t('columns.name'), filter: 'text', primary: true },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: ['NORMAL', 'ALARM', 'OFFLINE'].map((value) => ({ value, label: labels.status(value) })),
        render: (s) => <HealthBadge status={s.status} label={labels.status(s.status)} />,
      },
      {
        field: 'state',
        label: t('columns.state'),
        filter: 'enum',
        options: SERVER_STATES.map((value) => ({ value, label: labels.state(value) })),
        render: (s) => <span data-state={s.state}>{labels.state(s.state)}</span>,
      },
      {
        field: 'type',
        label: t('columns.type'),
        filter: 'enum',
        options: SERVER_TYPES.map((value) => ({ value, label: labels.type(value) })),
        render: (s) => <span data-type={s.type}>{labels.type(s.type)}</span>,
      },
      { field: 'reportTime', label: t('columns.reportTime'), render: (s) => formatDateTime(s.reportTime) },
    ];
    if (onDelete) {
      columns.push({
        field: 'actions',
        label: t('columns.actions'),
        sortable: false,
        render: (s) => (
          <IonButton
            size="small"
            fill="outline"
            color="danger"
            aria-label={t('deleteLabel', { name: s.name })}
            data-testid="server-delete"
            onClick={(e) => {
              // The row itself opens the detail.
              e.stopPropagation();
              onDelete(s);
            }}
          >
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            {t('delete')}
          </IonButton>
        ),
      });
    }
    return columns;
  }, [t, labels, onDelete]);
}
