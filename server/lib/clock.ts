import type { AppDeps } from '../deps';

/**
 * The server's "now" for what depends on the time of day (which slide a Plus device plays, its schedules):
 * the injected clock of the deps when set (tests set a moment instead of sleeping), else the wall clock.
 */
export const nowOf = (deps: Pick<AppDeps, 'clock'>): Date => deps.clock?.() ?? new Date();
