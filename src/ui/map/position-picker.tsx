import { useEffect, useRef, useState, type FormEvent } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { STORE_MAP_PICK_ZOOM } from '../../../contract/schemas/constants-admin';
import { runtimeConfig } from '../../platform/config';
import { searchAddress, type Place } from './geocoder';
import { MAP_START } from './map-view';
import { parsePosition, positionText } from './position-text';
import { TextField } from '../fields';
import { WheelHint } from './wheel-hint';
import { guardWheelZoom } from './wheel-zoom';
import { addWorldOutline } from './world-outline';
import './map-view.css';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * Picks a position by a click on the map or by an address search (console-admin §2, §9: zoom 18 on a pick). The map
 * is MapView's: the runtime tile URL over the packaged world outline, so it works with no tile service.
 */
export function PositionPicker({ id, value, onChange }: Props) {
  const { t } = useTranslation('common');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(undefined);
  const marker = useRef<L.CircleMarker>(undefined);
  const [zoom, setZoom] = useState(MAP_START.zoom);
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<Place[]>();
  const [searchError, setSearchError] = useState<string>();
  const [wheelHint, setWheelHint] = useState(false);
  // The map's click handler is bound once: it reads the latest onChange through this ref.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const start = parsePosition(value);
    const map = L.map(container.current!, {
      center: start ? [start.lat, start.lng] : MAP_START.center,
      zoom: start ? STORE_MAP_PICK_ZOOM : MAP_START.zoom,
      worldCopyJump: true,
    });
    const tileUrl = runtimeConfig().tileUrl;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    addWorldOutline(map);
    map.on('zoomend', () => setZoom(map.getZoom()));
    map.on('click', (e: L.LeafletMouseEvent) => {
      const at = e.latlng.wrap();
      // spec: admin §9.10 — zoom 18 on a location pick
      map.setView(at, STORE_MAP_PICK_ZOOM);
      onChangeRef.current(positionText(at.lat, at.lng));
    });
    mapRef.current = map;
    setZoom(map.getZoom());
    // In a long form the wheel scrolls the form past the map; Ctrl + wheel or a click into the map zooms it.
    const unguard = guardWheelZoom(map, setWheelHint);
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current!);
    return () => {
      unguard();
      resize.disconnect();
      map.remove();
    };
    // The map is made once; later values move only the marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const at = parsePosition(value);
    marker.current?.remove();
    marker.current = at
      ? L.circleMarker([at.lat, at.lng], {
          radius: 9,
          color: '#333',
          weight: 1,
          fillColor: '#2dd36f',
          fillOpacity: 0.9,
          className: 'map-marker position-picker-marker',
        }).addTo(map)
      : undefined;
  }, [value]);

  const search = async (event: FormEvent | React.MouseEvent) => {
    event.preventDefault();
    setSearchError(undefined);
    try {
      const found = await searchAddress(query);
      setPlaces(found);
    } catch (error) {
      setPlaces([]);
      setSearchError((error as Error).message);
    }
  };

  const pick = (place: Place) => {
    mapRef.current?.setView([place.lat, place.lng], STORE_MAP_PICK_ZOOM);
    onChange(positionText(place.lat, place.lng));
    setPlaces(undefined);
  };

  return (
    <div className="position-picker" data-testid="position-picker">
      {/* Enter searches here instead of submitting the form around the picker. */}
      <div className="position-picker-search" role="search" onKeyDown={(e) => e.key === 'Enter' && void search(e as unknown as FormEvent)}>
        <TextField
          label={t('map.searchAddress')}
          labelHidden
          placeholder={t('map.searchAddress')}
          value={query}
          onChange={setQuery}
          testId="position-search"
        />
        <IonButton size="small" onClick={(e) => void search(e)} data-testid="position-search-button">
          {t('map.search')}
        </IonButton>
      </div>
      {searchError && (
        <p role="alert" className="position-picker-error">
          {searchError}
        </p>
      )}
      {places && (
        <ul className="position-picker-results" aria-label={t('map.results')}>
          {places.length === 0 && <li>{t('map.noPlace')}</li>}
          {places.map((p) => (
            <li key={`${p.label}-${p.lat}-${p.lng}`}>
              <button type="button" onClick={() => pick(p)}>
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="map-frame">
        <div ref={container} className="map-view position-picker-map" data-testid="position-map" data-zoom={zoom} />
        <WheelHint shown={wheelHint} />
      </div>
      <TextField
        id={id}
        label={t('map.position')}
        labelHidden
        className="position-picker-value"
        value={value}
        onChange={onChange}
        placeholder={t('map.positionHint')}
        testId="position-value"
      />
    </div>
  );
}
