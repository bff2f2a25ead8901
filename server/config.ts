import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseUpgradePublicKey } from './lib/upgrade-package';
import { defaultHashConcurrency } from './threadpool';

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
  /** SIM_OTA_SPEED: OTA jobs run this many times faster than the simulated clock (1 by default). */
  simOtaSpeed: number;
  seed: number;
  /** Folder of the built PWA served at `/`. */
  staticDir: string;
  apiBase: string;
  pushUrl?: string;
  tileUrl: string;
  /** GEOCODER_URL: a Nominatim-compatible service the PWA asks first (`/search?q=&format=json`); none by default. */
  geocoderUrl?: string;
  /** Login, signup and forgot-password calls per minute per address; the login throttles apply regardless. */
  loginRateLimit: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe. false (the default): none — the client address is the TCP peer,
   * so a forged header cannot escape the rate limits or falsify the login history. A hop count, or the addresses/
   * CIDRs of the reverse proxies in front of the server, when there are such proxies.
   */
  trustProxy: false | number | string[];
  /** HASH_CONCURRENCY: password hashes run at once (each scrypt takes 128 MiB and a CPU); the rest queue. */
  hashConcurrency: number;
  /** UPGRADE_PUBLIC_KEY: the Ed25519 key software upgrade packages must be signed with; unsigned ones pass without it. */
  upgradePublicKey?: string;
  /** WORKERS: API processes sharing the port (node's cluster); more than 1 needs DATABASE_URL (server/scale/workers.ts). */
  workers: number;
  /** REDIS_URL: rate limit counts in Redis instead of the database (several processes share them either way). */
  redisUrl?: string;
  /**
   * SECRET_KEY: the key (32 bytes, hex or base64) that seals stored secrets such as SMTP passwords
   * (lib/secret-box.ts); unset, a key file made once in DATA_DIR. Checked when the app is built.
   */
  secretKey?: string;
  /** SMTP_ALLOW_PLAIN_AUTH: SMTP passwords may go over a connection without TLS (a relay on a trusted network); off by default. */
  smtpAllowPlainAuth: boolean;
}

/** TRUST_PROXY: unset/false/off → false; a whole number → hop count; otherwise a comma-separated address/CIDR list. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (!text || /^(false|off|0|no)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  // Trusting every sender would make X-Forwarded-For the client's to choose — the hole this setting closes.
  if (/^(true|on|yes|\*)$/i.test(text))
    throw new Error('TRUST_PROXY must name the proxies (addresses or CIDRs) or a hop count, not "true"');
  const entries = list(text) ?? [];
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    if (!family || !bitsOk || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an address or CIDR`);
  }
  return entries;
}

/** A comma-separated list, or undefined when unset or empty. */
function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

/** A yes/no setting: on only when clearly said so. */
const flag = (value: string | undefined): boolean => /^(1|true|on|yes)$/i.test((value ?? '').trim());

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

/** Checked at start: a key that does not parse must stop the server, not let unsigned packages through. */
function upgradeKey(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  parseUpgradePublicKey(value);
  return value;
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
    simOtaSpeed: Math.max(1, int(env.SIM_OTA_SPEED, 1, 'SIM_OTA_SPEED')),
    seed: int(env.SEED, 20261120, 'SEED'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    apiBase: env.API_BASE ?? '/api',
    pushUrl: env.PUSH_URL || undefined,
    // OpenStreetMap-style default (NOTES.md 7); the map falls back to a packaged outline when it is unreachable.
    tileUrl: env.TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    geocoderUrl: env.GEOCODER_URL || undefined,
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 30, 'LOGIN_RATE_LIMIT'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hashConcurrency: Math.max(1, int(env.HASH_CONCURRENCY, defaultHashConcurrency(), 'HASH_CONCURRENCY')),
    upgradePublicKey: upgradeKey(env.UPGRADE_PUBLIC_KEY),
    workers: Math.max(1, Math.floor(int(env.WORKERS, 1, 'WORKERS'))),
    redisUrl: env.REDIS_URL || undefined,
    secretKey: env.SECRET_KEY?.trim() || undefined,
    smtpAllowPlainAuth: flag(env.SMTP_ALLOW_PLAIN_AUTH),
  };
}
