import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoreTagRow } from '../../../contract/schemas/status';
import { MapView, storeMarker, type MapMarker } from '../../ui/map';

/** The store on the map, its popup linking to the store detail (console-core §2 Tag status). */
export function TagStoreMap({ store }: { store: StoreTagRow | undefined }) {
  const { t } = useTranslation('tags');
  const marker =
    store &&
    storeMarker(
      store,
      <div className="tag-map-popup" data-testid="tag-map-popup">
        <strong>{store.storeName}</strong>
        <p>{t('map.counts', { total: store.total, error: store.error, inprogress: store.inprogress })}</p>
        <Link to={`/store/detail/${encodeURIComponent(store.storeCode)}`}>{t('map.storeDetail')}</Link>
      </div>,
    );
  const markers: MapMarker[] = marker ? [marker] : [];
  return (
    <>
      {store && !store.position && <p className="tag-note">{t('map.noPosition')}</p>}
      <MapView markers={markers} testId="tag-map" />
    </>
  );
}
