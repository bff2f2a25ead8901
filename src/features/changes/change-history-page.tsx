import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { ChangeHistoryRow } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { CHANGE_CATEGORIES } from '../../../contract/endpoints/define';
import { useCall } from '../../platform/api';
import { useCompanySelection } from '../../platform/company-selection';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { OneLine } from '../../ui/one-line';
import { Page } from '../../ui/page';
import { ChangeConfigModal } from './change-config-modal';
import { readableWords } from '../alarms/alarm-words';
import { readableText } from '../alarms/readable-data';
import { categoryLabel, changeTone, METHODS, methodLabel, OPERATIONS, operationLabel, ownerLabel, pathWords } from './change-rows';

const PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG);
/** The calls' declarations, to read which parts of a recorded address are values (change-rows.ts pathWords). */
const DEFS = Object.values(endpoints);

/**
 * /change/history (console-admin §2; plus-signage §2.8): every write the server recorded, newest first, coloured
 * by operation; operation, method, address and items in words of the member's language, not keys and JSON (31.6); the company column only when the change config's displayCompany is on. The server answers only
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
    const words = readableWords(t);
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
      {
        field: 'operation',
        label: t('changes.columns.operation'),
        filter: 'enum',
        options: OPERATIONS.map((v) => ({ value: v, label: operationLabel(t, v) })),
        primary: true,
        render: (r) => operationLabel(t, r.operation),
      },
      {
        field: 'method',
        label: t('changes.columns.method'),
        filter: 'enum',
        options: METHODS.map((v) => ({ value: v, label: methodLabel(t, v) })),
        render: (r) => methodLabel(t, r.method),
      },
      {
        field: 'path',
        label: t('changes.columns.path'),
        filter: 'text',
        render: (r) => (
          <span title={t('changes.rawPath', { path: r.path })} data-testid="change-path">
            {pathWords(t, r, DEFS)}
          </span>
        ),
      },
      {
        field: 'items',
        label: t('changes.columns.items'),
        sortable: false,
        render: (r) => <OneLine text={readableText(r.items, words)} />,
      },
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
      <ChangeConfigModal
        config={config.data}
        isOpen={configOpen}
        onClose={() => setConfigOpen(false)}
        onSaved={() => void config.mutate()}
      />
    </Page>
  );
}
