import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { EndpointDef } from '../../../contract/endpoints/define';
import { DataTable, type Column } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { TAG_HISTORY_PAGE_SIZES } from './tag-constants';
import type { TagHistoryKind } from './tag-history-kinds';
import './tags.css';
import { useRouteParams } from '../../ui/use-route-params';

export interface TagHistoryDeclaration<Row> {
  kind: TagHistoryKind;
  endpoint: EndpointDef;
  /** The list's time field: newest first (console-core §9). */
  timeField: string;
  rowKey: (row: Row) => string;
  useColumns: () => Column<Row>[];
}

/**
 * One tag history (console-core §2): a server-paged table of 25 rows, newest first, with a date range. The five
 * histories are declarations of this page.
 */
// spec: core §2.42 — each history a table of 25 rows, time descending
export function TagHistoryPage<Row>({ kind, endpoint, timeField, rowKey, useColumns }: TagHistoryDeclaration<Row>) {
  const { t } = useTranslation('tags');
  const { storeCode = '', tagMac = '', tagId = '' } = useRouteParams();
  const columns = useColumns();
  return (
    <Page title={t(`history.title.${kind}`, { tag: tagId })}>
      <p className="tag-history-head" data-testid="tag-history-head">
        <span>{t('history.store', { store: storeCode })}</span>
        <span>{t('history.tagMac', { mac: tagMac })}</span>
        <Link to={`/tag/detail/${encodeURIComponent(storeCode)}`}>{t('history.back')}</Link>
      </p>
      <DataTable
        id={`tag-history-${kind}`}
        columns={columns}
        source={{ kind: 'server', endpoint, params: { storeCode, tagMac } }}
        rowKey={rowKey}
        pageSizes={TAG_HISTORY_PAGE_SIZES}
        defaultSort={{ field: timeField, dir: 'desc' }}
        dateRange
      />
    </Page>
  );
}
