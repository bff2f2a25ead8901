import type { GeocodePlace } from '../../../contract/schemas/settings-store';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api-client';
import { runtimeConfig } from '../../platform/config';

export interface Place {
  label: string;
  lat: number;
  lng: number;
}

const SEARCH_LIMIT = 8;
/** A configured geocoder that has not answered by then is taken as unreachable: the server's gazetteer answers. */
const GEOCODER_TIMEOUT_MS = 4000;

const placesOf = (answer: GeocodePlace[]): Place[] =>
  answer
    .map((p) => ({ label: p.display_name, lat: Number(p.lat), lng: Number(p.lon) }))
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));

async function askGeocoder(base: string, query: string): Promise<Place[]> {
  const url = `${base.replace(/\/$/, '')}/search?${new URLSearchParams({ q: query, format: 'json', limit: String(SEARCH_LIMIT) })}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS), headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`geocoder ${res.status}`);
  return placesOf((await res.json()) as GeocodePlace[]);
}

/**
 * Address search (NOTES.md 7 for maps, docs/architecture.md §2): the Nominatim-compatible geocoder of the runtime config when
 * there is one, else — or when it fails — the API server's packaged gazetteer, so that the search works offline.
 */
export async function searchAddress(query: string): Promise<Place[]> {
  const q = query.trim();
  if (!q) return [];
  const geocoder = runtimeConfig().geocoderUrl;
  if (geocoder) {
    try {
      return await askGeocoder(geocoder, q);
    } catch {
      // Unreachable or refused: fall through to the server's own list of places.
    }
  }
  return placesOf(await api.call(endpoints.geocodeSearch, { query: { q, limit: SEARCH_LIMIT } }));
}
