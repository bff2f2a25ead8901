import { spawn } from 'node:child_process';
import { defaultHashConcurrency } from './config';

/*
 * libuv's thread pool (4 threads by default) serves scrypt, file reads and DNS alike; under a login storm the hashes
 * took every thread and a file download waited 9 s. The pool is sized once, when it is first used — under tsx the
 * ES module loader reads files through it before main.ts runs — so the size must be in the environment when the
 * process starts: the npm scripts set it, and a start without it re-runs this process with it set.
 * Size: the hashes that may run at once (HASH_CONCURRENCY) plus libuv's usual 4 for everything else.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const hashes = Number(env.HASH_CONCURRENCY) || defaultHashConcurrency();
  return hashes + 4;
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
