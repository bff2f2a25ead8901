import { useMemo, useState } from 'react';
import { IonCheckbox } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { HealthBadge } from '../status-badge';
import { TablePager } from '../data-table/table-toolbar';
import '../data-table/data-table.css';
import { MAP_STATUSES, countByStatus, listPage, markersOf, withStatus, type MapListItem } from './map-list';
import { MapView, type MapFocus, type MapStatus } from './map-view';

interface Props {
  items: readonly MapListItem[];
  /** The spec's page sizes of the side list; -1 is "all", the first is the default. */
  pageSizes: readonly number[];
  /** Names the side list for assistive technology (e.g. "Stores"); already translated. */
  listLabel: string;
  /** A status in the screen's words; the raw value when absent. */
  statusLabel?: (status: MapStatus) => string;
  /** The map's test id; the list and the filter take it as a prefix. */
  testId: string;
}

/**
 * A map with a side list of its places (console-core §2 Store and gateway status): status checkboxes filter the
 * list and the markers alike, the list pages with the spec's sizes, and picking an entry shows its marker as a
 * click on the marker does (zoom 14, popup). Beside the map on a wide screen, below it on a phone (map-view.css).
 */
export function MapWithSideList({ items, pageSizes, listLabel, statusLabel = (s) => s, testId }: Props) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState<ReadonlySet<MapStatus>>(() => new Set(MAP_STATUSES));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? -1);
  const [focus, setFocus] = useState<MapFocus>();

  const counts = useMemo(() => countByStatus(items), [items]);
  const kept = useMemo(() => withStatus(items, shown), [items, shown]);
  const markers = useMemo(() => markersOf(kept), [kept]);
  const current = listPage(kept, page, pageSize);

  const toggle = (status: MapStatus) => {
    const next = new Set(shown);
    if (!next.delete(status)) next.add(status);
    setShown(next);
    setPage(0);
  };

  return (
    <div className="map-with-list">
      <fieldset className="map-status-filter" data-testid={`${testId}-status-filter`}>
        <legend>{t('map.statusFilter')}</legend>
        {MAP_STATUSES.map((status) => (
          <IonCheckbox
            key={status}
            className="map-status-box"
            labelPlacement="end"
            justify="start"
            checked={shown.has(status)}
            onIonChange={() => toggle(status)}
            data-status={status}
          >
            <HealthBadge status={status} label={statusLabel(status)} />
            <span data-count={counts[status]}>{` (${counts[status]})`}</span>
          </IonCheckbox>
        ))}
      </fieldset>
      <div className="map-with-list-body">
        <MapView markers={markers} testId={testId} focus={focus} />
        <section className="map-side-list" aria-label={listLabel} data-testid={`${testId}-list`}>
          {current.rows.length ? (
            <ul>
              {current.rows.map((item) => (
                <li key={item.id} data-item={item.id} data-status={item.status}>
                  <button
                    type="button"
                    disabled={!item.marker}
                    title={item.marker ? undefined : t('map.noPosition')}
                    aria-current={focus?.id === item.id ? 'true' : undefined}
                    onClick={() => setFocus((f) => ({ id: item.id, seq: (f?.seq ?? 0) + 1 }))}
                  >
                    <span className="map-side-list-label">{item.label}</span>
                    <HealthBadge status={item.status} label={statusLabel(item.status)} />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="data-table-empty">{t('noData')}</p>
          )}
          <TablePager
            page={current.page}
            pageSize={pageSize}
            pageSizes={pageSizes}
            filtered={kept.length}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        </section>
      </div>
    </div>
  );
}
