import type { AppDeps } from '../deps';
import { batteriesModule } from './batteries';
import { collectingModule } from './collecting';
import { moduleRng, SIM_DEFAULTS, type SimModule, type SimOptions, type SimSettings, type TickContext } from './context';
import { gatewaysModule } from './gateways';
import { otaModule } from './ota';
import { notificationsModule } from './notifications';
import { paperModule } from './paper';
import { plusModule } from './plus';
import { plusV1Module } from './plus-v1';
import { purgeModule } from './purge';
import { serversModule } from './servers';
import { tagsModule } from './tags';

export { SIM_DEFAULTS, type SimOptions, type SimSettings } from './context';

export interface Simulator {
  stop(): void;
  advance(ms: number): Promise<void>;
  now(): Date;
}

/** Every part of the simulated world, in the order a tick runs them (SimOptions.modules picks some). */
const MODULES = {
  tags: tagsModule,
  batteries: batteriesModule,
  gateways: gatewaysModule,
  servers: serversModule,
  collecting: collectingModule,
  ota: otaModule,
  plus: plusModule,
  plusv1: plusV1Module,
  paper: paperModule,
  notifications: notificationsModule,
  purge: purgeModule,
};
export const SIM_MODULE_NAMES = Object.keys(MODULES);

/** Timers cannot fire much faster than this; at high speeds a tick covers more simulated time instead. */
const MIN_REAL_INTERVAL_MS = 10;

/**
 * The radio simulator (docs/architecture.md §6): plays gateways, tags, servers, status checks and signage devices against
 * the database. Deterministic from the seed; a time scale (speed) makes an hour pass in a minute at 60.
 * - not manual: a real timer fires every tickMs / speed real ms and the simulated clock runs at speed × real
 *   time, so a tick covers about tickMs of simulated time.
 * - manual: no timer; advance(ms) runs the ticks covering ms of simulated time, one after the other.
 * Ticks never overlap (a timer tick is skipped while one runs; the next covers the skipped time) and a failing
 * module is logged and skipped, never thrown.
 */
export function startSimulator(deps: AppDeps, opts: SimOptions): Simulator {
  const { seed, speed, manual = false, onError = logError, modules: only, tagStores, ...overrides } = opts;
  const settings: SimSettings = { ...SIM_DEFAULTS };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined && key in SIM_DEFAULTS) (settings as Record<string, number>)[key] = value as number;
  }
  if (!(speed > 0)) throw new Error(`Simulator speed must be a positive number, got ${speed}`);
  if (!(settings.tickMs > 0)) throw new Error(`Simulator tickMs must be a positive number, got ${settings.tickMs}`);
  const unknown = only?.filter((name) => !SIM_MODULE_NAMES.includes(name)) ?? [];
  if (unknown.length) throw new Error(`Unknown simulator module ${unknown.join(', ')}; known: ${SIM_MODULE_NAMES.join(', ')}`);

  const modules: { module: SimModule; ctx: Omit<TickContext, 'now' | 'dt'> }[] = [];
  const startMs = Date.now();
  let clock = startMs;
  let lastTickAt = startMs;
  let stopped = false;
  let current: Promise<void> | undefined;
  const lastRun = new Map<string, number>();

  function elapsed(key: string, periodMs: number): number {
    const last = lastRun.get(key);
    if (last !== undefined && clock - last < periodMs) return 0;
    lastRun.set(key, clock);
    return Math.max(1, last === undefined ? periodMs : clock - last);
  }
  const due = (key: string, periodMs: number) => elapsed(key, periodMs) > 0;

  for (const [name, make] of Object.entries(MODULES)) {
    if (only && !only.includes(name)) continue;
    const module = make();
    modules.push({ module, ctx: { deps, settings, seed, rng: moduleRng(seed, module.name), due, elapsed, tagStores } });
  }

  async function tick(): Promise<void> {
    const now = new Date(clock);
    const dt = clock - lastTickAt;
    lastTickAt = clock;
    for (const { module, ctx } of modules) {
      if (stopped) return;
      try {
        await module.tick({ ...ctx, now, dt });
      } catch (error) {
        onError(`sim ${module.name}`, error);
      }
    }
  }

  function runTick(): Promise<void> {
    current = tick().finally(() => {
      current = undefined;
    });
    return current;
  }

  let timer: NodeJS.Timeout | undefined;
  /** Simulated time added by advance() on top of the timer's. */
  let advanced = 0;
  if (!manual) {
    const realStart = performance.now();
    timer = setInterval(
      () => {
        if (stopped) return;
        // The clock follows real time × speed: a busy event loop makes ticks coarser, never time slower.
        clock = Math.max(clock, startMs + advanced + (performance.now() - realStart) * speed);
        if (!current) void runTick();
      },
      Math.max(MIN_REAL_INTERVAL_MS, settings.tickMs / speed),
    );
    timer.unref();
  }

  let queue: Promise<void> = Promise.resolve();
  return {
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
    now: () => new Date(clock),
    advance(ms: number) {
      const run = queue.then(async () => {
        let left = ms;
        while (left > 0 && !stopped) {
          while (current) await current;
          const step = Math.min(settings.tickMs, left);
          clock += step;
          advanced += step;
          left -= step;
          await runTick();
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

function logError(where: string, error: unknown): void {
  console.error(`[${where}]`, error);
}
