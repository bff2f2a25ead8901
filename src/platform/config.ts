/** Runtime settings read at start from config.json, so one build can point at any ESL server. */
export interface RuntimeConfig {
  apiBase: string;
  /** Overrides the push websocket URL (e.g. behind a reverse proxy on one port). */
  pushUrl: string | null;
  pushPort: number;
  tileUrl: string;
  /** A Nominatim-compatible geocoder for the address search; null: the API server's packaged gazetteer only. */
  geocoderUrl: string | null;
}

// spec: plus §7.27 — the maps' tile service: tileUrl, an open one (OpenStreetMap) by default (NOTES.md 7)
const DEFAULTS: RuntimeConfig = {
  apiBase: '/api',
  pushUrl: null,
  pushPort: 8801,
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  geocoderUrl: null,
};
let current: RuntimeConfig = DEFAULTS;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('./config.json', { cache: 'no-cache' });
    if (res.ok) current = { ...DEFAULTS, ...((await res.json()) as Partial<RuntimeConfig>) };
  } catch {
    // Offline start: the service worker answers config.json from its cache; failing that, the defaults hold.
  }
  return current;
}

export const runtimeConfig = (): RuntimeConfig => current;

/** NOTES.md 6: port 8801 of the page's host, wss when the page is secure, unless pushUrl says otherwise. */
// spec: core §2.17 — push channel on port 8801 of the page's host, wss when secure
export function pushSocketUrl(config: RuntimeConfig = current, location: Location = window.location): string {
  if (config.pushUrl) return config.pushUrl;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.hostname}:${config.pushPort}/`;
}
