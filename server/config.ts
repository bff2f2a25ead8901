import { resolve } from 'node:path';

/** Runtime settings of the reference server, all from the environment (README: Configuration). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  pushPort: number;
  sim: 'on' | 'off';
  simSeed: number;
  simSpeed: number;
  /** SIM_MODULES: the parts of the simulated world that move; all when unset. */
  simModules?: string[];
  /** SIM_TAG_STORES: stores whose tags the simulated radio serves; all when unset. */
  simTagStores?: string[];
  seed: number;
  /** Folder of the built PWA served at `/`. */
  staticDir: string;
  apiBase: string;
  pushUrl?: string;
  tileUrl: string;
  /** Login, signup and forgot-password calls per minute per address; account lockout applies regardless. */
  loginRateLimit: number;
}

/** A comma-separated list, or undefined when unset or empty. */
function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const sim = (env.SIM ?? 'on').toLowerCase();
  if (sim !== 'on' && sim !== 'off') throw new Error(`SIM must be on or off, got "${env.SIM}"`);
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pushPort: int(env.PUSH_PORT, 8801, 'PUSH_PORT'),
    sim,
    simSeed: int(env.SIM_SEED, 42, 'SIM_SEED'),
    simSpeed: int(env.SIM_SPEED, 1, 'SIM_SPEED'),
    simModules: list(env.SIM_MODULES),
    simTagStores: list(env.SIM_TAG_STORES),
    seed: int(env.SEED, 20261120, 'SEED'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    apiBase: env.API_BASE ?? '/api',
    pushUrl: env.PUSH_URL || undefined,
    // OpenStreetMap-style default (NOTES.md 7); the map falls back to a packaged outline when it is unreachable.
    tileUrl: env.TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 30, 'LOGIN_RATE_LIMIT'),
  };
}
