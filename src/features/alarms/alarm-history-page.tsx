import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { AlarmHistoryRow } from '../../../contract/schemas/gateways';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { useCompanySelection } from '../../platform/company-selection';
import { DataTable, type Column, type RowTone } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { OneLine } from '../../ui/one-line';
import { Page } from '../../ui/page';
import { useSession } from '../../platform/session';
import { AlarmDetailActions } from './alarm-detail-actions';
import { alarmTitle, readableWords } from './alarm-words';
import { readableText } from './readable-data';

const PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);
const CLASSES = ['1', '2', '3'] as const;

/** console-admin §3: class 1 INFORMATION, 2 WARNING, 3 CRITICAL — coloured blue, orange, red. */
// spec: admin §3.22, admin §9.12 — alarm classes 1 to 3 and their colours
const CLASS_TONES: Record<number, RowTone> = { 1: 'info', 2: 'warning', 3: 'danger' };

/**
 * /alarm/history (console-admin §2, §3): the system alarms of the member's companies and stores, newest first.
 * The type is the alarm config's title when an administrator wrote one, otherwise the system's name in the
 * member's language (issue 31.14; the row keeps the code); the data reads as
 * "key: value" pairs rather than JSON (31.6), and a SYSTEM location is translated.
 */
export default function AlarmHistoryPage() {
  const { t } = useTranslation('settings');
  const company = useCompanySelection();
  const session = useSession();
  const config = useCall(endpoints.alarmConfig, {});

  const columns = useMemo((): Column<AlarmHistoryRow>[] => {
    const words = readableWords(t);
    return [
      {
        field: 'class',
        label: t('alarms.columns.class'),
        filter: 'enum',
        options: CLASSES.map((c) => ({ value: c, label: t(`alarms.classes.${c}`) })),
        render: (r) => t(`alarms.classes.${String(r.class) as (typeof CLASSES)[number]}`),
      },
      {
        field: 'location',
        label: t('alarms.columns.location'),
        filter: 'text',
        render: (r) => (r.location === 'SYSTEM' ? t('changes.system') : r.location),
      },
      {
        field: 'type',
        label: t('alarms.columns.type'),
        primary: true,
        render: (r) => alarmTitle(t, r.type, config.data?.content[r.type]?.title),
      },
      { field: 'data', label: t('alarms.columns.data'), sortable: false, render: (r) => <OneLine text={readableText(r.data, words)} /> },
      { field: 'updatedAt', label: t('alarms.columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'actions',
        label: t('alarms.columns.actions'),
        sortable: false,
        render: (r) => <AlarmDetailActions row={r} session={session} />,
      },
    ];
  }, [t, session, config.data]);

  return (
    <Page title={t('alarms.title')}>
      <DataTable
        id="alarm-history"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.alarmHistory }}
        rowKey={(r) => `${r.updatedAt}/${r.location}/${r.type}/${r.data ?? ''}`}
        rowTone={(r) => CLASS_TONES[r.class]}
        pageSizes={PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
      />
    </Page>
  );
}
