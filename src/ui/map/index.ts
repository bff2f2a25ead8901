export { MapView, MAP_START, MARKER_ZOOM, type MapFocus, type MapMarker, type MapStatus } from './map-view';
export { MapWithSideList } from './map-side-list';
export { MAP_STATUSES, type MapListItem } from './map-list';
export { storeMapItems, storeMapLabel, storeMarker, type StoreOnMap } from './store-marker';
export { PositionPicker } from './position-picker';
export { parsePosition, positionText } from './position-text';
