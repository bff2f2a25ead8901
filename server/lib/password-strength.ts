import { Worker } from 'node:worker_threads';
import { ApiError } from './errors';

/*
 * Common and breached-pattern passwords ('Password1', 'Summer2026', 'Qwerty123') meet any length-and-classes rule.
 * zxcvbn-ts estimates how many guesses a cracker needs, from its dictionaries of common passwords, names and words
 * and from keyboard patterns, dates, repeats and l33t spellings. It runs in a worker thread started on the first
 * password to judge (password-strength-worker.mjs): its dictionaries stay out of the server until then, and out of
 * the browser bundle always.
 */

/** zxcvbn's 0–4 scale; 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_STRENGTH_SCORE = 3;
/** Only this many leading characters are judged: the work grows fast with length, and longer passwords rarely fail. */
export const STRENGTH_CHECKED_CHARS = 64;
/** Estimates waiting at most; beyond it a call is refused at once rather than queued without bound. */
const QUEUE_MAX = 16;
/** A worker that answers nothing for this long while estimates wait is stuck (loading plus one estimate: ~1 s). */
const STUCK_MS = 15_000;

const WORKER_URL = new URL('./password-strength-worker.mjs', import.meta.url);
const STRENGTH_UNAVAILABLE = 'The password could not be checked just now. Please try again.';

export interface StrengthVerdict {
  score: number;
  /** zxcvbn's English feedback: why the password is guessable, and how to do better. */
  warning: string;
  suggestions: string[];
}

interface Pending {
  resolve: (verdict: StrengthVerdict) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();
/** Runs while estimates wait and restarts at each answer: a long queue is not stuck, a silent worker is. */
let watchdog: NodeJS.Timeout | undefined;

function watch(): void {
  clearTimeout(watchdog);
  watchdog = pending.size ? setTimeout(stopWorker, STUCK_MS) : undefined;
}

const unavailable = () => new ApiError(503, 'PASSWORD_CHECK_UNAVAILABLE', STRENGTH_UNAVAILABLE);

/** A worker that failed or overran takes the estimates waiting on it with it; the next call starts a new one. */
function stopWorker(): void {
  const stopping = worker;
  worker = undefined;
  for (const [id, job] of pending) {
    job.reject(unavailable());
    pending.delete(id);
  }
  watch();
  void stopping?.terminate();
}

function runningWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  // An idle estimator must not keep a server (or a test run) from exiting.
  started.unref();
  started.on('message', (answer: { id: number; error?: string } & StrengthVerdict) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    watch();
    if (answer.error) job.reject(unavailable());
    else job.resolve({ score: answer.score, warning: answer.warning, suggestions: answer.suggestions });
  });
  started.on('error', () => worker === started && stopWorker());
  started.on('exit', () => worker === started && stopWorker());
  worker = started;
  return started;
}

/** zxcvbn's verdict on a password; `userInputs` are words of the account (its e-mail) that make a guess easier. */
export function estimateStrength(password: string, userInputs: string[] = []): Promise<StrengthVerdict> {
  if (pending.size >= QUEUE_MAX) return Promise.reject(unavailable());
  const target = runningWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (pending.size === 1) watch();
    target.postMessage({ id, password: password.slice(0, STRENGTH_CHECKED_CHARS), userInputs });
  });
}

/** What a guesser tries first for this account: its address and the address's local part. */
function emailWords(email: string): string[] {
  const address = email.toLowerCase();
  return [...new Set([address, address.split('@')[0]])];
}

/**
 * 'Your password is too weak.' (console-core §8) and zxcvbn's reason and advice, when the password is common or
 * follows a pattern crackers try early; undefined when it is strong enough to store.
 */
export async function commonPasswordProblem(password: string, email: string): Promise<string | undefined> {
  const { score, warning, suggestions } = await estimateStrength(password, emailWords(email));
  if (score >= MIN_STRENGTH_SCORE) return undefined;
  const advice = [warning, ...suggestions].filter(Boolean);
  return [
    'Your password is too weak.',
    ...(advice.length ? advice : ['It is too easy to guess: add more words that are less common.']),
  ].join(' ');
}
