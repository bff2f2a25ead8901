import { getSession, onSessionChange } from '../platform/session';
import { offlineLayer } from './lazy';
import { outboxHasWork } from './queued-work';

/*
 * The outbox replays queued handheld writes whatever screen opens (docs/architecture.md §5), but only a signed-in member has
 * writes to send: the login page loads neither Dexie nor the outbox (issue 10, its transfer budget), and neither
 * does any other screen while nothing is queued (queued-work.ts). Checked at once when a session is there, or on
 * the sign-in; a screen that queues later loads the layer, and the outbox with it, itself (lazy.ts).
 */
export function startOutboxWhenSignedIn(): void {
  // When the check itself fails, the layer loads: a queue never waits on an unreadable answer.
  const start = () =>
    void outboxHasWork().then(
      (work) => work && void offlineLayer(),
      () => void offlineLayer(),
    );
  if (getSession()) return start();
  const stop = onSessionChange(() => {
    if (!getSession()) return;
    stop();
    start();
  });
}
