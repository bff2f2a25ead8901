import pg from 'pg';

/** Advisory lock keys of the processes sharing one database (any constant both sides agree on). */
export const SIMULATOR_LOCK = 0x5348_4c46_0001;
export const SETUP_LOCK = 0x5348_4c46_0002;

export interface Leadership {
  /** True while this process holds the lock (and runs what it guards). */
  leads(): boolean;
  close(): Promise<void>;
}

/**
 * Runs `start` in exactly one of the processes sharing a database: the one holding a session-level advisory lock on
 * a connection of its own. The lock lives as long as that connection, so when its process dies the database frees
 * it and another process, trying every `retryMs`, takes over and starts. A cut connection stops the work here
 * first: two processes must never both believe they lead.
 */
export function whileLeader<T>(
  databaseUrl: string,
  lockKey: number,
  work: { start: () => T; stop: (running: T) => void },
  retryMs = 2_000,
): Leadership {
  let closed = false;
  let client: pg.Client | undefined;
  let running: { value: T } | undefined;
  let timer: NodeJS.Timeout | undefined;

  const resign = () => {
    if (running) work.stop(running.value);
    running = undefined;
  };
  const schedule = () => {
    if (!closed) timer = setTimeout(() => void attempt(), retryMs);
  };

  async function attempt() {
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: databaseUrl });
        next.on('error', () => undefined);
        next.on('end', () => {
          if (client === next) client = undefined;
          resign();
        });
        await next.connect();
        client = next;
      }
      if (running)
        await client.query('select 1'); // still connected, so still holding the lock
      else {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [lockKey]);
        if (rows[0]?.locked && !closed) running = { value: work.start() };
      }
    } catch {
      resign();
      await client?.end().catch(() => undefined);
      client = undefined;
    }
    schedule();
  }
  void attempt();

  return {
    leads: () => Boolean(running),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      resign();
      await client?.end().catch(() => undefined);
    },
  };
}

/** Runs `fn` while holding a lock, waiting for it: e.g. one process migrates and seeds, the others then find it done. */
export async function withLock<T>(databaseUrl: string, lockKey: number, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockKey]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}
