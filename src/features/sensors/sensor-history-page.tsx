import { useMemo, useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { SENSOR_MEASUREMENTS, type SensorPoint } from '../../../contract/schemas/sensors';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { CHART_COLORS } from '../../ui/charts/chart-format';
import { LineChart } from '../../ui/charts/line-chart';
import { DataTable, type Column } from '../../ui/data-table';
import { DateTimeField } from '../../ui/date-time-field';
import { formatDateTime, toEpochSeconds } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { SENSOR_HISTORY_DEFAULT_WINDOW_S, SENSOR_HISTORY_PAGE_SIZES, sensorTypeLabel } from './sensor-constants';
import { versionHex } from './sensor-columns';
import './sensors.css';
import { useRouteParams } from '../../ui/use-route-params';

type Measure = keyof Omit<SensorPoint, 'updatedAt'>;
const epochOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function defaultRange() {
  const end = Math.floor(Date.now() / 1000);
  return { start: end - SENSOR_HISTORY_DEFAULT_WINDOW_S, end };
}

/** /sensor/:storeCode/:tagMac/history (console-core §2, §7): a date range, one line chart per measured value, a table. */
// spec: core §2.48 — sensor measurement history
export default function SensorHistoryPage() {
  const { t } = useTranslation('sensors');
  const { storeCode = '', tagMac = '' } = useRouteParams();
  const [range, setRange] = useState(defaultRange);
  const [draft, setDraft] = useState(() => ({ start: formatDateTime(range.start * 1000), end: formatDateTime(range.end * 1000) }));
  const [draftError, setDraftError] = useState<string>();
  const history = useCall(endpoints.sensorHistory, {
    params: { storeCode, sensorMac: tagMac },
    query: { startDate: range.start, endDate: range.end },
  });
  const info = history.data?.tagInfo;
  const sensorType = info?.sensorType;
  const measures = useMemo(() => (sensorType ? SENSOR_MEASUREMENTS[sensorType] : []) as Measure[], [sensorType]);
  const measureLabels = t('measures', { returnObjects: true }) as Record<string, string>;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const start = toEpochSeconds(draft.start);
    const end = toEpochSeconds(draft.end);
    if (start === undefined || end === undefined || start > end) return setDraftError(t('history.badRange'));
    setDraftError(undefined);
    setRange({ start, end });
  };

  const columns = useMemo<Column<SensorPoint>[]>(
    () => [
      { field: 'updatedAt', label: t('columns.updatedAt'), primary: true, render: (p) => formatDateTime(p.updatedAt) },
      ...measures.map<Column<SensorPoint>>((m) => ({
        field: m,
        label: measureLabels[m] ?? m,
        render: (p) => (p[m] === undefined ? '' : String(p[m])),
      })),
    ],
    [t, measures, measureLabels],
  );

  return (
    <Page title={t('history.title', { sensor: info?.barcode ?? tagMac })}>
      {info && (
        <dl className="sensor-info" data-testid="sensor-info">
          <dt>{t('columns.tagMac')}</dt>
          <dd>{info.tagMac}</dd>
          <dt>{t('columns.sensorType')}</dt>
          <dd data-testid="sensor-info-type">{sensorTypeLabel(t, info.sensorType)}</dd>
          <dt>{t('columns.prCode')}</dt>
          <dd>{info.prCode ?? ''}</dd>
          <dt>{t('columns.version')}</dt>
          <dd>{versionHex(info.version)}</dd>
        </dl>
      )}
      <form className="sensor-history-range" onSubmit={apply} data-testid="sensor-history-range">
        <div className="sensor-history-field">
          <DateTimeField
            id="sensor-history-start"
            label={t('history.from')}
            value={draft.start}
            onChange={(start) => setDraft((d) => ({ ...d, start }))}
          />
        </div>
        <div className="sensor-history-field">
          <DateTimeField
            id="sensor-history-end"
            label={t('history.to')}
            value={draft.end}
            onChange={(end) => setDraft((d) => ({ ...d, end }))}
          />
        </div>
        <IonButton type="submit" size="small">
          {t('history.show')}
        </IonButton>
        {draftError && <p role="alert">{draftError}</p>}
      </form>
      {history.error && <p role="alert">{history.error.message}</p>}
      {history.data && (
        <div className="sensor-history-charts">
          {measures.map((m) => (
            <section key={m} data-testid={`sensor-chart-${m}`}>
              <h2>{measureLabels[m] ?? m}</h2>
              <LineChart
                title={measureLabels[m] ?? m}
                testId={`sensor-chart-${m}-line`}
                decimals={2}
                series={[
                  {
                    key: m,
                    label: measureLabels[m] ?? m,
                    color: CHART_COLORS.primary,
                    points: history.data!.data.filter((p) => p[m] !== undefined).map((p) => ({ time: epochOf(p.updatedAt), value: p[m]! })),
                  },
                ]}
              />
            </section>
          ))}
        </div>
      )}
      <section className="sensor-history">
        <h2>{t('history.readings')}</h2>
        <DataTable
          id="sensor-readings"
          columns={columns}
          source={{ kind: 'local', rows: history.data?.data, loading: history.isLoading, error: history.error?.message }}
          rowKey={(p) => p.updatedAt}
          pageSizes={SENSOR_HISTORY_PAGE_SIZES}
          defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        />
      </section>
    </Page>
  );
}
