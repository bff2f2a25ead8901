import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmHistoryRow } from '../../api/contract/gateways';
import { endpoints } from '../../api/endpoints';
import { useCall } from '../../app/api';
import { useCompanySelection } from '../../app/company-selection';
import { DataTable, type Column, type RowTone } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { OneLine } from '../../ui/one-line';
import { Page } from '../../ui/page';
import { SYSTEM_ALARM_TYPES } from '../../api/contract/system-alarm-types';
import { useSession } from '../../app/session';
import { AlarmDetailActions } from './alarm-detail-actions';

const PAGE_SIZES = [25, 10, 50, 100] as const;
const CLASSES = ['1', '2', '3'] as const;

/** console-admin §3: class 1 INFORMATION, 2 WARNING, 3 CRITICAL — coloured blue, orange, red. */
const CLASS_TONES: Record<number, RowTone> = { 1: 'info', 2: 'warning', 3: 'danger' };

/** Type code → the spec's type name, for types the alarm config has no title for. */
const TYPE_NAMES = new Map(Object.entries(SYSTEM_ALARM_TYPES).map(([name, t]) => [String(t.code), name]));

/**
 * /alarm/history (console-admin §2, §3): the system alarms of the member's companies and stores, newest first;
 * the type's title comes from the alarm config (as the dashboard shows it), a SYSTEM location is translated.
 */
export default function AlarmHistoryPage() {
  const { t } = useTranslation('settings');
  const company = useCompanySelection();
  const config = useCall(endpoints.alarmConfig, {});
  const session = useSession();

  const columns = useMemo((): Column<AlarmHistoryRow>[] => {
    const typeTitle = (code: string) => config.data?.content[code]?.title ?? TYPE_NAMES.get(code) ?? code;
    return [
      {
        field: 'class',
        label: t('alarms.columns.class'),
        filter: 'enum',
        options: CLASSES.map((c) => ({ value: c, label: t(`alarms.classes.${c}`) })),
        render: (r) => t(`alarms.classes.${String(r.class) as (typeof CLASSES)[number]}`),
      },
      { field: 'location', label: t('alarms.columns.location'), filter: 'text', render: (r) => (r.location === 'SYSTEM' ? t('changes.system') : r.location) },
      { field: 'type', label: t('alarms.columns.type'), primary: true, render: (r) => typeTitle(r.type) },
      { field: 'data', label: t('alarms.columns.data'), sortable: false, render: (r) => <OneLine text={r.data ?? ''} /> },
      { field: 'updatedAt', label: t('alarms.columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
      { field: 'actions', label: t('alarms.columns.actions'), sortable: false, render: (r) => <AlarmDetailActions row={r} session={session} /> },
    ];
  }, [t, config.data, session]);

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
