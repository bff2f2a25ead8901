import { lt } from 'drizzle-orm';
import { gatewayHealth, serverHealth } from '../db/schema/index';
import { purgeIdempotencyKeys } from '../repos/idempotency';
import { purgeExpiredSessions } from '../repos/sessions';
import { purgeOldTagDays } from '../repos/stats';
import type { SimModule } from './context';

/**
 * Hourly housekeeping (once per simulated hour). Idempotency keys and sessions are stamped by the API with the
 * wall clock and their lifetimes are promises to real clients (a replay within 7 days), so they are purged
 * against the wall clock, never the faster simulated one. Health samples carry simulated time.
 */
export function purgeModule(): SimModule {
  return {
    name: 'purge',
    async tick(ctx) {
      if (!ctx.due('purge', ctx.settings.purgeEveryMs)) return;
      const { db } = ctx.deps;
      const wallNow = new Date();
      await purgeIdempotencyKeys(db, wallNow);
      await purgeExpiredSessions(db, wallNow);
      await purgeOldTagDays(db);
      const keepFrom = new Date(ctx.now.getTime() - ctx.settings.healthKeepMs);
      await db.delete(serverHealth).where(lt(serverHealth.time, keepFrom));
      await db.delete(gatewayHealth).where(lt(gatewayHealth.time, keepFrom));
    },
  };
}
