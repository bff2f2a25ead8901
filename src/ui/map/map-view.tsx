import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_MARKER_ZOOM, MAP_START_CENTER, MAP_START_ZOOM } from '../../../contract/schemas/constants-core';
import { runtimeConfig } from '../../platform/config';
import { STATUS_COLORS } from '../charts/chart-format';
import { textElement } from './text-element';
import { WheelHint } from './wheel-hint';
import { guardWheelZoom } from './wheel-zoom';
import { addWorldOutline } from './world-outline';
import './map-view.css';

/** Map constants of console-core §9: start at zoom 1 centred on 0,0; a marker click zooms to 14. */
// spec: admin §9.10 — initial view zoom 1 at 0,0; zoom 14 on a marker
export const MAP_START = { center: [MAP_START_CENTER.latitude, MAP_START_CENTER.longitude] as L.LatLngTuple, zoom: MAP_START_ZOOM };
export const MARKER_ZOOM = MAP_MARKER_ZOOM;

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
 * Asks the map to show one marker as a click on it does (a side list's entry): `seq` changes with every ask, so
 * that picking the same entry again after panning away shows it again.
 */
export interface MapFocus {
  id: string;
  seq: number;
}

interface MapViewProps {
  markers: readonly MapMarker[];
  testId?: string;
  focus?: MapFocus;
}

const centerText = (map: L.Map) => {
  const c = map.getCenter();
  return `${c.lat.toFixed(4)},${c.lng.toFixed(4)}`;
};

/**
 * MapView (docs/architecture.md §4, NOTES.md 7): leaflet with the tile URL of the runtime config, and under the tiles a
 * packaged world outline so that the map stays readable with no tile service (offline, tests). Markers take the
 * status colours; a click (or a `focus`) zooms to 14 and opens the marker's popup, rendered by React into
 * leaflet's popup. The wheel scrolls the page unless the member asks the map for it (guardWheelZoom). The zoom and centre are mirrored in data-zoom / data-center for tests and assistive checks.
 */
export function MapView({ markers, testId = 'map', focus }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(undefined);
  const layer = useRef<L.LayerGroup>(undefined);
  const [zoom, setZoom] = useState(MAP_START.zoom);
  const [center, setCenter] = useState(`${MAP_START.center[0].toFixed(4)},${MAP_START.center[1].toFixed(4)}`);
  const [open, setOpen] = useState<{ id: string; element: HTMLElement; popup: L.Popup }>();
  const [wheelHint, setWheelHint] = useState(false);

  useEffect(() => {
    const map = L.map(container.current!, { center: MAP_START.center, zoom: MAP_START.zoom, worldCopyJump: true });
    // spec: plus §7.27 — tiles from the configured map tile service, the packaged world outline beneath
    const tileUrl = runtimeConfig().tileUrl;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    addWorldOutline(map);
    layer.current = L.layerGroup().addTo(map);
    map.on('zoomend', () => setZoom(map.getZoom()));
    map.on('moveend', () => setCenter(centerText(map)));
    map.on('popupclose', () => setOpen(undefined));
    mapRef.current = map;
    const unguard = guardWheelZoom(map, setWheelHint);
    // The container may get its size after the first layout (tabs, split pane): measure again once shown.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current!);
    return () => {
      unguard();
      resize.disconnect();
      map.remove();
    };
  }, []);

  const reveal = useCallback((marker: MapMarker) => {
    const map = mapRef.current;
    if (!map) return;
    const at = L.latLng(marker.lat, marker.lng);
    map.setView(at, MARKER_ZOOM);
    const element = document.createElement('div');
    const popup = L.popup({ offset: [0, -6] })
      .setLatLng(at)
      .setContent(element)
      .openOn(map);
    setOpen({ id: marker.id, element, popup });
  }, []);

  // Leaflet sizes a popup when it opens, before React has rendered into it: size it again once the content is in.
  useEffect(() => {
    open?.popup.update();
  }, [open]);

  useEffect(() => {
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
        .bindTooltip(textElement(marker.label))
        .on('click', () => reveal(marker))
        .addTo(layer.current!);
    }
  }, [markers, reveal]);

  // Only a new focus moves the map: markers changing afterwards (a filter, a refresh) leave the view alone.
  const shownFocus = useRef<MapFocus>(undefined);
  useEffect(() => {
    const marker = focus && focus !== shownFocus.current && markers.find((m) => m.id === focus.id);
    if (!marker) return;
    shownFocus.current = focus;
    reveal(marker);
    // The list that asked may sit below the map (a phone): bring the map into view.
    container.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [focus, markers, reveal]);

  // A popup whose marker was filtered away would be left empty.
  useEffect(() => {
    if (open && !markers.some((m) => m.id === open.id)) mapRef.current?.closePopup();
  }, [open, markers]);

  const openMarker = open && markers.find((m) => m.id === open.id);
  return (
    <>
      <div className="map-frame">
        <div ref={container} className="map-view" data-testid={testId} data-zoom={zoom} data-center={center} />
        <WheelHint shown={wheelHint} />
      </div>
      {open && openMarker && createPortal(openMarker.popup ?? openMarker.label, open.element)}
    </>
  );
}
