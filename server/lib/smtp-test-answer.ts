import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from './errors';

/** Every failed test mail is answered this long after the call began, whatever went wrong and when. */
export const TEST_MAIL_FAILURE_ANSWER_MS = 10_000;
/** The mailer's own limits stay below that moment, so a silent host has failed by then too. */
export const TEST_MAIL_TIMEOUT_SECONDS = 8;
export const TEST_MAIL_FAILED_MESSAGE = 'The test mail could not be sent. Check the server, port, account, password and TLS settings.';

/**
 * The test mail's host and port are the caller's to choose, so its answer must not turn the server into a port
 * scanner of its own network: a refused port (answered in milliseconds), a silent one (the timeout), a TLS or
 * login failure and whatever the host replied all answer the same message at the same moment. Only a delivered
 * mail answers sooner. What really happened goes to the server log, for the operator.
 */
export async function failingUniformly(send: () => Promise<void>, log: FastifyBaseLogger): Promise<void> {
  const answerAt = Date.now() + TEST_MAIL_FAILURE_ANSWER_MS;
  const sent = Symbol('sent');
  const giveUp = new AbortController();
  const outcome = await Promise.race([
    send().then(
      () => sent,
      (error: unknown) => error,
    ),
    sleep(TEST_MAIL_FAILURE_ANSWER_MS, new Error('The host gave no outcome in time.'), { signal: giveUp.signal }),
  ]).finally(() => giveUp.abort());
  if (outcome === sent) return;
  log.warn({ err: outcome }, 'SMTP test mail failed');
  await sleep(Math.max(0, answerAt - Date.now()));
  throw new ApiError(400, 'SMTP_FAILED', TEST_MAIL_FAILED_MESSAGE);
}
