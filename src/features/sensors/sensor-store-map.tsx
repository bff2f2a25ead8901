import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { StoreSensorRow } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useMayOpenPath } from '../../platform/path-access';
import { MapView, storeMapLabel, storeMarker, type MapMarker } from '../../ui/map';

/** The store's row of the sensor store list (its position, status and counts), read with the list's own call. */
export function useSensorStore(storeCode: string) {
  return useSWR(['sensor-store', storeCode], async () => {
    const body = { start: 0, length: 1, filter_storeCode: storeCode, condition_storeCode: '==' };
    const page = await api.call(endpoints.statusPaginationSensor, { body });
    return page.data.find((r) => r.storeCode === storeCode);
  });
}

/** The store detail screen, when it exists and the member may open it (it needs store read). */
function useStoreDetailPath(storeCode: string): string | undefined {
  const mayOpenPath = useMayOpenPath();
  const path = `/store/detail/${encodeURIComponent(storeCode)}`;
  return mayOpenPath(path) ? path : undefined;
}

/** The map view of a store's sensors (console-core §2): the store at its position, its popup linking to the store detail. */
export function SensorStoreMap({ store }: { store: StoreSensorRow | undefined }) {
  const { t } = useTranslation('sensors');
  const detailPath = useStoreDetailPath(store?.storeCode ?? '');
  const markers = useMemo<MapMarker[]>(() => {
    const marker =
      store &&
      storeMarker(
        store,
        <div data-testid="sensor-map-popup">
          <strong>{storeMapLabel(store)}</strong>
          <p>{t('map.sensors', { n: store.total })}</p>
          {detailPath && <Link to={detailPath}>{t('map.storeDetail')}</Link>}
        </div>,
      );
    return marker ? [marker] : [];
  }, [store, detailPath, t]);
  return (
    <>
      {store && !store.position && <p className="sensor-note">{t('map.noPosition')}</p>}
      <MapView markers={markers} testId="sensor-map" />
    </>
  );
}
