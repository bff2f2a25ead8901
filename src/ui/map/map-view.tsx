import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { runtimeConfig } from '../../app/config';
import { STATUS_COLORS } from '../charts/chart-format';
import { addWorldOutline } from './world-outline';
import './map-view.css';

/** Map constants of console-core §9: start at zoom 1 centred on 0,0; a marker click zooms to 14. */
export const MAP_START = { center: [0, 0] as L.LatLngTuple, zoom: 1 };
export const MARKER_ZOOM = 14;

export type MapStatus = keyof typeof STATUS_COLORS;

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  status: MapStatus;
  label: string;
  /** What the marker's popup shows (e.g. a link to the store detail); the label when absent. */
  popup?: ReactNode;
}

/**
 * MapView (DESIGN.md §4, NOTES.md 7): leaflet with the tile URL of the runtime config, and under the tiles a
 * packaged world outline so that the map stays readable with no tile service (offline, tests). Markers take the
 * status colours; a click zooms to 14 and opens the marker's popup, rendered by React into leaflet's popup.
 */
export function MapView({ markers, testId = 'map' }: { markers: readonly MapMarker[]; testId?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(undefined);
  const layer = useRef<L.LayerGroup>(undefined);
  const [zoom, setZoom] = useState(MAP_START.zoom);
  const [open, setOpen] = useState<{ id: string; element: HTMLElement }>();

  useEffect(() => {
    const map = L.map(container.current!, { center: MAP_START.center, zoom: MAP_START.zoom, worldCopyJump: true });
    const tileUrl = runtimeConfig().tileUrl;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    addWorldOutline(map);
    layer.current = L.layerGroup().addTo(map);
    map.on('zoomend', () => setZoom(map.getZoom()));
    map.on('popupclose', () => setOpen(undefined));
    mapRef.current = map;
    // The container may get its size after the first layout (tabs, split pane): measure again once shown.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current!);
    return () => {
      resize.disconnect();
      map.remove();
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current!;
    layer.current!.clearLayers();
    for (const marker of markers) {
      const at = L.latLng(marker.lat, marker.lng);
      L.circleMarker(at, {
        radius: 9,
        color: '#333',
        weight: 1,
        fillColor: STATUS_COLORS[marker.status],
        fillOpacity: 0.9,
        className: `map-marker map-marker-${marker.status}`,
      })
        .bindTooltip(marker.label)
        .on('click', () => {
          map.setView(at, MARKER_ZOOM);
          const element = document.createElement('div');
          L.popup({ offset: [0, -6] }).setLatLng(at).setContent(element).openOn(map);
          setOpen({ id: marker.id, element });
        })
        .addTo(layer.current!);
    }
  }, [markers]);

  const openMarker = open && markers.find((m) => m.id === open.id);
  return (
    <>
      <div ref={container} className="map-view" data-testid={testId} data-zoom={zoom} />
      {open && openMarker && createPortal(openMarker.popup ?? openMarker.label, open.element)}
    </>
  );
}
