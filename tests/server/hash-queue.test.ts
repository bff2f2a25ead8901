import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashQueue } from '../../server/lib/password';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

/* Issue 11 finding 4: password hashes are bounded, so a login storm does not starve other calls. */
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer({ config: { hashConcurrency: 1 } });
});
afterAll(async () => sut?.close());

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('a login storm', () => {
  it('runs one hash at a time, queues the rest, and other calls and file reads finish while logins wait', async () => {
    const LOGINS = 6;
    let loginsDone = 0;
    let mostRunning = 0;
    const sampler = setInterval(() => (mostRunning = Math.max(mostRunning, hashQueue().running)), 1);
    const storm = Array.from({ length: LOGINS }, () =>
      sut.app
        .inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'acme-admin@shelfpad.test', password: DEMO_PASSWORD } })
        .then((res) => {
          loginsDone++;
          return res.statusCode;
        }),
    );
    await until(() => hashQueue().waiting >= 2);

    // Neither a call that hashes nothing nor a read through libuv's thread pool waits for the queued hashes.
    const other = await sut.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(other.statusCode).toBe(200);
    const file = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
    expect(file).toContain('"name"');
    expect(hashQueue().waiting).toBeGreaterThan(0);
    expect(loginsDone).toBeLessThan(LOGINS);

    expect(await Promise.all(storm)).toEqual(Array(LOGINS).fill(200));
    clearInterval(sampler);
    expect(mostRunning).toBe(1);
    expect(hashQueue()).toMatchObject({ running: 0, waiting: 0 });
  });
});
