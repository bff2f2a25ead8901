import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/*
 * libuv's thread pool (4 threads by default) serves scrypt, file reads and DNS alike; under a login storm the hashes
 * took every thread and a file download waited 9 s. The pool is sized once, when it is first used, so the size must
 * be in the environment before anything touches it. The compiled server (build/server/start.cjs, from
 * server/start.ts) sets it first thing, in one process; under tsx (development and tests) the ES module loader reads
 * files through the pool before main.ts runs, so a start without it there re-runs the process with it set.
 * Size: the hashes that may run at once (HASH_CONCURRENCY) plus libuv's usual 4 for everything else.
 * This module imports nothing of the server's, so that the compiled entry loads nothing else before the pool is sized.
 */

/** Half the cores (one on a 2-core machine, at most 8): logins queue, and other calls always keep a CPU. */
export function defaultHashConcurrency(cpus = availableParallelism()): number {
  return Math.max(1, Math.min(8, Math.floor(cpus / 2)));
}

export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const hashes = Number(env.HASH_CONCURRENCY) || defaultHashConcurrency();
  return hashes + 4;
}

/** Puts the pool size in this process's environment, unless the environment already gives one. */
export function sizeThreadPool(env: NodeJS.ProcessEnv = process.env): void {
  env.UV_THREADPOOL_SIZE ||= String(threadPoolSize(env));
}

/** True when this process was started without UV_THREADPOOL_SIZE and has handed over to a child that has it. */
export function restartWithThreadPool(): boolean {
  if (process.env.UV_THREADPOOL_SIZE) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: String(threadPoolSize()) },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
