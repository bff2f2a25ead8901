import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExceptionTagRow, NgGateway } from '../../../contract/schemas/dashboard';
import { useCall } from '../../platform/api';
import { DataTable, type Column } from '../../ui/data-table';
import { useDownloadTask } from '../../ui/download-task';
import { formatDateTime } from '../../ui/format-time';
import { HealthBadge, TagStatusBadge } from '../../ui/status-badge';
import { EXCEPTION_LIST_PAGE_SIZES } from './exceptions-constants';
import { ExceptionTagModal } from './exception-tag-modal';
import { downloadBody, TAG_LIST_ENDPOINTS, type ExceptionKind, type TagExceptionKind } from './exception-kinds';

/** console-core §3: the port suffix :8080 is removed for display. */
const withoutPort = (ip: string | undefined) => (ip ?? '').replace(/:8080$/, '');
/** The gateway detail route (shell/routes.tsx), written here so that the store detail page's chunk stays its own. */
const gatewayPath = (storeCode: string, gwMac: string) => `/store/${encodeURIComponent(storeCode)}/gw/${encodeURIComponent(gwMac)}`;

function useTagColumns(kind: TagExceptionKind): Column<ExceptionTagRow>[] {
  const { t } = useTranslation('exceptions');
  return useMemo(() => {
    const columns: (Column<ExceptionTagRow> | false)[] = [
      { field: 'barcode', label: t('columns.barcode'), filter: 'text', primary: true },
      { field: 'tagMac', label: t('columns.tagMac'), filter: 'text' },
      { field: 'prCode', label: t('columns.prCode'), filter: 'text' },
      kind === 'duplicate' && { field: 'countByPrCode', label: t('columns.countByPrCode'), filter: 'number' },
      { field: 'tagType', label: t('columns.tagType'), filter: 'text', hiddenByDefault: true },
      { field: 'status', label: t('columns.status'), filter: 'text', render: (r) => <TagStatusBadge status={r.status} /> },
      { field: 'battStatus', label: t('columns.battStatus'), filter: 'text' },
      { field: 'battery', label: t('columns.battery'), filter: 'number', hiddenByDefault: kind !== 'lowBattery' },
      { field: 'gwIp', label: t('columns.gwIp'), filter: 'text', hiddenByDefault: true, render: (r) => withoutPort(r.gwIp) },
      { field: 'updatedAt', label: t('columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
    ];
    return columns.filter((c): c is Column<ExceptionTagRow> => Boolean(c));
  }, [t, kind]);
}

function useGatewayColumns(): Column<NgGateway>[] {
  const { t } = useTranslation('exceptions');
  // The store screens' status words (Normal, Alarm, Offline), in the member's language rather than the raw value.
  const { t: tStore } = useTranslation('store');
  return useMemo(
    () => [
      { field: 'gwMac', label: t('columns.gwMac'), filter: 'text', primary: true },
      { field: 'ip', label: t('columns.ip'), filter: 'text', render: (g) => withoutPort(g.ip) },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'text',
        render: (g) => <HealthBadge status={g.status} label={tStore(`health.${g.status}`, { defaultValue: g.status })} />,
      },
      { field: 'lastStatusTime', label: t('columns.lastStatusTime'), render: (g) => formatDateTime(g.lastStatusTime) },
    ],
    [t, tStore],
  );
}

interface ListProps {
  storeCode: string;
  /** Offer the download (its section's read privilege). */
  canDownload: boolean;
}

/** A tag exception list of a store with its download; the list answers at most EXCEPTION_LIST_MAX rows. */
export function TagExceptionList({ kind, storeCode, canDownload }: ListProps & { kind: TagExceptionKind }) {
  const { t } = useTranslation('exceptions');
  const columns = useTagColumns(kind);
  const list = useCall(TAG_LIST_ENDPOINTS[kind], { params: { storeCode } });
  const rows = list.data?.data;
  // A row (a card on a phone) opens its tag: the details and what can be done about it (issue 31 §5).
  const [opened, setOpened] = useState<ExceptionTagRow>();
  return (
    <>
      {list.data && list.data.total > list.data.data.length && (
        <p className="exceptions-note" data-testid="exc-list-capped">
          {t('listCapped', { shown: list.data.data.length, total: list.data.total })}
        </p>
      )}
      <ExceptionTable
        kind={kind}
        storeCode={storeCode}
        canDownload={canDownload}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.tagMac}
        loading={list.isLoading}
        error={list.error?.message}
        total={list.data?.total}
        onRowClick={setOpened}
      />
      <ExceptionTagModal storeCode={storeCode} tag={opened} onClose={() => setOpened(undefined)} />
    </>
  );
}

export function GatewayExceptionList({ storeCode, canDownload, rows }: ListProps & { rows: NgGateway[] | undefined }) {
  const columns = useGatewayColumns();
  // A gateway opens its detail page (a store read, as the download), where its checks and reboot are.
  const href = canDownload ? (g: NgGateway) => gatewayPath(storeCode, g.gwMac) : undefined;
  return (
    <ExceptionTable
      kind="ngGateway"
      storeCode={storeCode}
      canDownload={canDownload}
      columns={columns}
      rows={rows}
      rowKey={(g) => g.gwMac}
      total={rows?.length}
      rowHref={href}
    />
  );
}

interface TableProps<Row> extends ListProps {
  kind: ExceptionKind;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  error?: string;
  total?: number;
  onRowClick?: (row: Row) => void;
  rowHref?: (row: Row) => string;
}

function ExceptionTable<Row>({
  kind,
  storeCode,
  canDownload,
  columns,
  rows,
  rowKey,
  loading,
  error,
  total,
  onRowClick,
  rowHref,
}: TableProps<Row>) {
  const download = useDownloadTask();
  return (
    <div data-testid={`exc-list-${kind}`} data-total={total}>
      <DataTable
        id={`exceptions-${kind}`}
        columns={columns}
        source={{ kind: 'local', rows, loading, error }}
        rowKey={rowKey}
        pageSizes={EXCEPTION_LIST_PAGE_SIZES}
        onRowClick={onRowClick}
        rowHref={rowHref}
        // The file holds the whole list, as the gauge counts it, whatever the on-screen filter narrows.
        onDownload={canDownload ? () => void (download.running || download.start(downloadBody(kind, storeCode))) : undefined}
      />
    </div>
  );
}
