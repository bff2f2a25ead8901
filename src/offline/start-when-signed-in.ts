import { getSession, onSessionChange } from '../app/session';
import { offlineLayer } from './lazy';

/*
 * The outbox replays queued handheld writes whatever screen opens (DESIGN.md §5), but only a signed-in member has
 * writes to send: the login page loads neither Dexie nor the outbox (issue 10, its transfer budget). Started at
 * once when a session is there, or on the sign-in.
 */
export function startOutboxWhenSignedIn(): void {
  const start = () => void offlineLayer().then(({ startOutbox }) => startOutbox());
  if (getSession()) return start();
  const stop = onSessionChange(() => {
    if (!getSession()) return;
    stop();
    start();
  });
}
