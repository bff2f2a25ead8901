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

export class PushHub {
  private listeners = new Set<PushListener>();

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(message: PushMessage): void {
    for (const listener of this.listeners) listener(message);
  }
}
