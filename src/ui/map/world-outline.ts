import L from 'leaflet';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { Topology } from 'topojson-specification';
import { unwrapRing } from './unwrap-ring';

/*
 * The land outline of world-atlas (Natural Earth 1:110m, ~50 KB) drawn in a pane below the tiles: where tiles
 * load they cover it, where none can be reached the markers still sit on a recognisable world. Loaded on demand
 * so that it stays out of every other route's bundle.
 */
function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

export function addWorldOutline(map: L.Map) {
  const pane = map.createPane('world-outline');
  pane.style.zIndex = '150';
  void import('world-atlas/land-110m.json').then(({ default: topology }) => {
    const topo = topology as unknown as Topology;
    const land = feature(topo, topo.objects.land) as Feature | FeatureCollection;
    const features = land.type === 'FeatureCollection' ? land.features : [land];
    const unwrapped: FeatureCollection = {
      type: 'FeatureCollection',
      features: features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
    };
    L.geoJSON(unwrapped, {
      pane: 'world-outline',
      interactive: false,
      style: { color: '#7a8a99', weight: 1, fillColor: '#dfe6ec', fillOpacity: 1 },
    }).addTo(map);
  });
}
