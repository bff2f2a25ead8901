export { MapView, MAP_START, MARKER_ZOOM, type MapMarker, type MapStatus } from './map-view';
