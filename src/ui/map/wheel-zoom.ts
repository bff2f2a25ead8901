import L from 'leaflet';

/** Wheel travel (pixels) for one zoom level: a mouse notch is ~100, a trackpad pinch sends many small steps. */
const WHEEL_PIXELS_PER_LEVEL = 100;

/**
 * The mouse wheel scrolls the page over a map (issue 31 §9: the store dialog's map caught it), unless the member
 * asks for the map: Ctrl/⌘ + wheel (and a trackpad pinch, which browsers send as one) zooms at the pointer, and
 * after a click into the map — or Tab onto it — the plain wheel zooms until the pointer leaves or the map loses
 * the focus. Plain wheel on an unasked map then shows `onHint` so the member learns the way. Returns the cleanup.
 */
export function guardWheelZoom(map: L.Map, onHint: (shown: boolean) => void): () => void {
  map.scrollWheelZoom.disable();
  const container = map.getContainer();
  let travel = 0;
  let hintTimer: ReturnType<typeof setTimeout> | undefined;
  const hint = () => {
    onHint(true);
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => onHint(false), 1500);
  };
  const wheel = (event: WheelEvent) => {
    if (map.scrollWheelZoom.enabled()) return;
    if (!event.ctrlKey && !event.metaKey) {
      hint();
      return;
    }
    // Not the browser's page zoom: the map's.
    event.preventDefault();
    travel += event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 40 : event.deltaY;
    const levels = Math.trunc(travel / WHEEL_PIXELS_PER_LEVEL);
    if (levels === 0) return;
    travel -= levels * WHEEL_PIXELS_PER_LEVEL;
    map.setZoomAround(map.mouseEventToContainerPoint(event), map.getZoom() - levels);
  };
  const asked = () => {
    onHint(false);
    map.scrollWheelZoom.enable();
  };
  const released = () => map.scrollWheelZoom.disable();
  container.addEventListener('wheel', wheel, { passive: false });
  // A mousedown asks again when the map kept the focus but the pointer had left it (Leaflet fires 'focus' once).
  map.on('focus mousedown', asked);
  map.on('blur mouseout', released);
  return () => {
    clearTimeout(hintTimer);
    container.removeEventListener('wheel', wheel);
    map.off('focus mousedown', asked);
    map.off('blur mouseout', released);
  };
}
