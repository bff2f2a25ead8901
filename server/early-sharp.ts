/*
 * sharp (libvips) required before the server's own modules load, in the one process that runs the simulated Plus
 * cameras: they draw with it from the simulator's first tick anyway. Required that early, an idle PGlite server with
 * the simulator stays ~40 MB lower resident than when the first camera picture requires it (README, Memory and
 * start-up: 301–310 against 346–351 MB); required later — even before the database opens — it saves nothing, so this
 * runs in start.ts, not in main.ts. Other processes keep loading it on first use (server/lib/native-modules.ts).
 */
// SIM, SIM_MODULES and WORKERS are read here as config.ts reads them, not through loadConfig: config.ts would bring
// the upgrade-package checker into start.cjs, ahead of main.mjs, and only sharp loaded first was measured.
export function drawsCameraPicturesAtStart(env: NodeJS.ProcessEnv): boolean {
  const simulatorOn = (env.SIM ?? 'on').toLowerCase() === 'on';
  const modules = (env.SIM_MODULES ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  // With WORKERS above 1 the simulator runs in one of several processes; none of them loads sharp before it is used.
  const oneProcess = (env.WORKERS ?? '1').trim() === '1';
  return simulatorOn && oneProcess && (modules.length === 0 || modules.includes('plus'));
}
