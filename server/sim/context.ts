import type { AppDeps } from '../deps';
import { Rng, streamSeed } from './rng';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Timings and rates of the simulated radio world (docs/architecture.md §6). All times are simulated milliseconds;
 * "…EveryMs" is the mean time between two such events across the whole system (a Poisson rate, so it does not
 * depend on the tick length). Every value can be overridden through startSimulator's options.
 */
export const SIM_DEFAULTS = {
  tickMs: 1 * SECOND,

  // Tags.
  /** A WIP/UPDATE tag answers after a per-tag delay in [min, max]. */
  tagResponseMinMs: 5 * SECOND,
  tagResponseMaxMs: 30 * SECOND,
  /** Share of answers that are NG. */
  failureRate: 0.05,
  /** Most tags answered in one tick (the rest wait for the next tick). */
  tagBatchSize: 500,
  /** Tags losing one percent of battery per simulated second, drained in rounds every batteryEveryMs. */
  batteryDrainPerSecond: 3,
  batteryEveryMs: 10 * SECOND,
  /** Below this percentage battStatus becomes NG. */
  lowBatteryPercent: 10,

  // Gateways and stores.
  gatewayFaultEveryMs: 30 * MINUTE,
  /** Share of gateway faults that are OFFLINE; the others are ALARM. */
  gatewayOfflineShare: 0.4,
  gatewayMinDownMs: 2 * MINUTE,
  /** Mean extra time until a faulty gateway recovers once its minimum down time has passed. */
  gatewayMeanDownMs: 10 * MINUTE,
  gatewayReportEveryMs: 1 * MINUTE,
  storeRollupEveryMs: 1 * MINUTE,
  healthSampleEveryMs: 10 * MINUTE,
  /** Health samples older than this are trimmed (the 24 h history window plus a margin). */
  healthKeepMs: 25 * HOUR,

  // Servers.
  serverReportEveryMs: 10 * SECOND,
  serverFlipEveryMs: 6 * HOUR,
  serverFlipMinMs: 1 * MINUTE,
  serverFlipMaxMs: 5 * MINUTE,

  // Collecting items (tag status checks, OTA jobs).
  /** A collecting item takes a per-item duration in [min, max] to go from 0 to total. */
  collectingMinMs: 1 * MINUTE,
  collectingMaxMs: 5 * MINUTE,
  /** A status check started by the simulator for a store with enableTagStatusCheck. */
  collectingStartEveryMs: 2 * HOUR,

  // OTA jobs (sim/ota.ts).
  /** OTA time runs this many times faster than the simulated clock (SIM_OTA_SPEED): an e2e run need not wait minutes. */
  otaSpeed: 1,

  // Plus signage devices.
  plusOfflineEveryMs: 20 * MINUTE,
  plusMinDownMs: 2 * MINUTE,
  plusMeanDownMs: 10 * MINUTE,
  /** An offline device silent for longer than this was not dropped by the simulator and stays offline. */
  plusMaxDownMs: 2 * HOUR,
  plusReportEveryMs: 30 * SECOND,
  /** A rebooted device (POST .../reboot) is offline this long, then reports again. */
  plusRebootMs: 20 * SECOND,
  /** A pushed software package is installed and its version reported this long after the upload. */
  plusInstallMs: 10 * SECOND,
  /** An online device takes a camera (vision) picture this often. */
  plusCameraEveryMs: 1 * MINUTE,

  /** How often faulty gateways, servers and devices are looked at for recovery. */
  recoveryCheckEveryMs: 5 * SECOND,

  // Housekeeping.
  purgeEveryMs: 1 * HOUR,
  /** Refresh of cached lists (stores, tag address range). */
  cacheEveryMs: 1 * MINUTE,
};

export type SimSettings = typeof SIM_DEFAULTS;

export interface SimOptions extends Partial<SimSettings> {
  seed: number;
  speed: number;
  manual?: boolean;
  /** The parts of the world that move (SIM_MODULES); every part by default. */
  modules?: readonly string[];
  /** Stores whose tags the radio serves — answers and battery drain (SIM_TAG_STORES); every store by default. */
  tagStores?: readonly string[];
  /** Where tick errors go; console.error by default. */
  onError?: (where: string, error: unknown) => void;
}

/** What a module sees in one tick. */
export interface TickContext {
  deps: AppDeps;
  settings: SimSettings;
  seed: number;
  /** The simulated clock at this tick. */
  now: Date;
  /** Simulated time since the previous tick ran (longer than tickMs after skipped ticks). */
  dt: number;
  /** The module's own random stream. */
  rng: Rng;
  /** SimOptions.tagStores: the tags and batteries modules leave the tags of other stores alone. */
  tagStores?: readonly string[];
  /** True once per period (per key), measured on the simulated clock; true on the first tick. */
  due(key: string, periodMs: number): boolean;
  /**
   * Like due, but answers the simulated time since the key last ran (periodMs on the first run), or 0 when not
   * due yet: work that runs in rounds scales its rates by it.
   */
  elapsed(key: string, periodMs: number): number;
}

export interface SimModule {
  name: string;
  tick(ctx: TickContext): Promise<void>;
}

export function moduleRng(seed: number, name: string): Rng {
  return new Rng(streamSeed(seed, name));
}

/** Map.groupBy is Node 21+; the server supports Node 20. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
