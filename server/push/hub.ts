/**
 * In-process fan-out of live messages (NOTES.md 6: JSON `{type, data}`; type 1 = collecting stores,
 * type 2 = tag status changes). The websocket server and tests subscribe here. With several API processes a relay
 * (server/scale/push-relay.ts, PostgreSQL LISTEN/NOTIFY) carries what one process publishes to all the others, which
 * hand it to their own listeners through `deliver`; one process needs no relay.
 */
export const PUSH_COLLECTING = 1;
export const PUSH_TAG_STATUS = 2;

export interface PushMessage {
  type: number;
  /** Store the message concerns; messages with a store go only to members who may see that store. */
  storeCode?: string;
  data: unknown;
}

export type PushListener = (message: PushMessage) => void;
/** Told the token hash of a session that ended (logout), so that its sockets close at once. */
export type SessionEndListener = (tokenHash: string) => void;

/** Carries a process's messages to the other processes (it never hands them back to the one that sent them). */
export interface PushRelay {
  publish(message: PushMessage): void;
  endSession(tokenHash: string): void;
}

export class PushHub {
  private listeners = new Set<PushListener>();
  private sessionEndListeners = new Set<SessionEndListener>();
  private relay?: PushRelay;

  relayThrough(relay: PushRelay | undefined): void {
    this.relay = relay;
  }

  /** A session ended (logout): every socket it authenticated is closed. Expiry is caught by the socket's own checks. */
  endSession(tokenHash: string): void {
    this.relay?.endSession(tokenHash);
    this.deliverSessionEnd(tokenHash);
  }

  /** This process's own listeners only (the relay's way in). */
  deliverSessionEnd(tokenHash: string): void {
    for (const listener of this.sessionEndListeners) listener(tokenHash);
  }

  onSessionEnd(listener: SessionEndListener): () => void {
    this.sessionEndListeners.add(listener);
    return () => this.sessionEndListeners.delete(listener);
  }

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(message: PushMessage): void {
    this.relay?.publish(message);
    this.deliver(message);
  }

  /** This process's own listeners only (the relay's way in). */
  deliver(message: PushMessage): void {
    for (const listener of this.listeners) listener(message);
  }
}
