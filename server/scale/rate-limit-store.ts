import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis as RedisClient } from 'ioredis';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { onFirstUse } from '../lib/native-modules';
import { countHit, purgeEndedWindows, readHits } from '../repos/rate-limits';

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/*
 * ioredis (~15 MB resident when imported alone, issue 34 §4) is required only when REDIS_URL asks for it: the
 * compiled server hoists a static package import to its top, so an import here would load it in every process.
 */
const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

/** Ended windows are swept now and then, not on every hit. */
const PURGE_EVERY_HITS = 1_000;

/**
 * @fastify/rate-limit's store on the shared database: each route's window counts (fixed windows, like the plugin's
 * own stores) live in one table, so every API process counts the same hits. Keys carry the route, as the plugin's
 * Redis store does, since one store serves every limited route.
 */
function postgresStore(db: Db) {
  let hits = 0;
  return class PostgresRateLimitStore {
    private prefix: string;
    constructor(options: StoreOptions = {}, prefix = 'rl:') {
      this.prefix = options.routeInfo ? `${prefix}${options.routeInfo.method ?? ''}${options.routeInfo.url ?? ''}:` : prefix;
    }
    incr(key: string, cb: Answer, timeWindow: number) {
      const now = new Date();
      if (++hits % PURGE_EVERY_HITS === 0) void purgeEndedWindows(db, now).catch(() => undefined);
      countHit(db, this.prefix + key, timeWindow, now).then(
        (row) => cb(null, { current: row.hits, ttl: Math.max(0, row.windowEnd.getTime() - now.getTime()) }),
        (error: Error) => cb(error),
      );
    }
    read(key: string, cb: Answer) {
      const now = new Date();
      readHits(db, this.prefix + key, now).then(
        (row) => cb(null, row ? { current: row.hits, ttl: row.windowEnd.getTime() - now.getTime() } : { current: 0, ttl: 0 }),
        (error: Error) => cb(error),
      );
    }
    child(routeOptions: StoreOptions) {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}

/**
 * Where the login/signup/forgot-password limits count (README: Running at scale):
 * - REDIS_URL set: Redis, the plugin's own store (one round trip per hit);
 * - on PostgreSQL (several processes may share it): the database table above;
 * - on PGlite (one process by design): the plugin's memory, as fast as before.
 */
export function rateLimitStore(deps: Pick<AppDeps, 'db' | 'config'>): {
  options: Partial<RateLimitPluginOptions>;
  close: () => Promise<void>;
} {
  if (deps.config.redisUrl) {
    // Fail fast rather than hold a login while Redis is away; skipOnError lets calls through then (the per-account
    // throttles in the database still hold).
    const { Redis } = ioredis();
    const redis: RedisClient = new Redis(deps.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => console.warn(`Redis (rate limits): ${error.message}`));
    return { options: { redis, nameSpace: 'shelfpad-rl:', skipOnError: true }, close: async () => void redis.disconnect() };
  }
  const close = async () => undefined;
  if (deps.config.databaseUrl) return { options: { store: postgresStore(deps.db) as unknown as RateLimitPluginOptions['store'] }, close };
  return { options: {}, close };
}
