/**
 * In-process fan-out of live messages (NOTES.md 6: JSON `{type, data}`; type 1 = collecting stores,
 * type 2 = tag status changes). The websocket server and tests subscribe here. Several API processes would
 * bridge this hub through PostgreSQL LISTEN/NOTIFY; one process needs no more than this.
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

export class PushHub {
  private listeners = new Set<PushListener>();
  private sessionEndListeners = new Set<SessionEndListener>();

  /** A session ended (logout): every socket it authenticated is closed. Expiry is caught by the socket's own checks. */
  endSession(tokenHash: string): void {
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
    for (const listener of this.listeners) listener(message);
  }
}
