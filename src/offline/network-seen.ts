/*
 * What the outbox last learned of the network by sending: a request that got no answer at all (status 0) says the
 * handheld cannot reach the server, whatever navigator.onLine claims — it stays true on a Wi-Fi without a way to the
 * server, and in a page reloaded without network under DevTools' offline mode. The scan log shows a write made
 * meanwhile as queued, not as being sent: it waits behind the store's queue until the network is back.
 * A tiny module without Dexie, so that the screens read it without loading the offline layer.
 */
let down = false;
const listeners = new Set<() => void>();

export const networkSeenDown = (): boolean => down;

/** Told by each outbox request: true when it reached no server, false when a server answered (even with a refusal). */
export function setNetworkSeenDown(next: boolean): void {
  if (down === next) return;
  down = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: returns the unsubscribe. */
export function onNetworkSeen(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
