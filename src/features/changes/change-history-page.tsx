import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ChangeHistoryRow } from '../../api/contract/settings';
import { endpoints } from '../../api/endpoints';
import { CHANGE_CATEGORIES } from '../../api/endpoints/define';
import { useCall } from '../../app/api';
import { useCompanySelection } from '../../app/company-selection';
import { canWrite, useSession } from '../../app/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { OneLine } from '../../ui/one-line';
import { Page } from '../../ui/page';
import { ChangeConfigModal } from './change-config-modal';
import { categoryLabel, changeTone, itemsText, ownerLabel } from './change-rows';

const PAGE_SIZES = [25, 10, 50, 100] as const;
const OPERATIONS = ['Create', 'Save', 'Update', 'Upload', 'Delete'];
const METHODS = ['POST', 'PUT', 'DELETE'];

/**
 * /change/history (console-admin §2; plus-signage §2.8): every write the server recorded, newest first, coloured
 * by operation; the company column only when the change config's displayCompany is on. The server answers only
 * the changes of the member's companies and stores. The change config is the super administrator's.
 */
export default function ChangeHistoryPage() {
  const { t } = useTranslation('settings');
  const session = useSession();
  const company = useCompanySelection();
  const config = useCall(endpoints.changeConfig, {});
  const configurable = session?.role_id === -1 && canWrite(session, 'setting');
  const [configOpen, setConfigOpen] = useState(false);
  const displayCompany = config.data?.displayCompany ?? true;

  const columns = useMemo(() => {
    const all: (Column<ChangeHistoryRow> | false)[] = [
      displayCompany && { field: 'company', label: t('changes.columns.company'), filter: 'text', render: (r) => ownerLabel(t, r.company) },
      { field: 'store', label: t('changes.columns.store'), filter: 'text', render: (r) => ownerLabel(t, r.store) },
      {
        field: 'category',
        label: t('changes.columns.category'),
        filter: 'enum',
        options: CHANGE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) })),
        render: (r) => categoryLabel(t, r.category),
      },
      { field: 'operation', label: t('changes.columns.operation'), filter: 'enum', options: OPERATIONS.map((v) => ({ value: v, label: v })), primary: true },
      { field: 'method', label: t('changes.columns.method'), filter: 'enum', options: METHODS.map((v) => ({ value: v, label: v })) },
      { field: 'path', label: t('changes.columns.path'), filter: 'text' },
      { field: 'items', label: t('changes.columns.items'), sortable: false, render: (r) => <OneLine text={itemsText(r.items)} /> },
      { field: 'email', label: t('changes.columns.email'), filter: 'text' },
      { field: 'updatedAt', label: t('changes.columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
    ];
    return all.filter((c): c is Column<ChangeHistoryRow> => Boolean(c));
  }, [t, displayCompany]);

  return (
    <Page
      title={t('changes.title')}
      actions={
        configurable ? (
          <IonButton onClick={() => setConfigOpen(true)} data-testid="change-config-open">
            {t('changes.config')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="change-history"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.changeHistory }}
        rowKey={(r) => r.id}
        rowTone={changeTone}
        pageSizes={PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
      />
      <ChangeConfigModal config={config.data} isOpen={configOpen} onClose={() => setConfigOpen(false)} onSaved={() => void config.mutate()} />
    </Page>
  );
}
