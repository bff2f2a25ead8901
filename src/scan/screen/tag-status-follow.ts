/*
 * Live result of an assign (issue 4 item 6, console-core §4): once the server took an assign, its scan log line
 * follows the tag's status WIP → OK/NG. Changes come from the push channel (type 2 messages) or, as a fallback,
 * from polling the tag list; both land in one map of the latest status per tag. Pure, so it is tested directly.
 */
import { PUSH_TYPE_TAG_STATUS } from '../../../contract/schemas/constants-core';
import { parsePushMessage, type PushMessage } from '../../platform/push-socket';
import type { LogEntry } from './use-scan-log';

export interface TagStatusChange {
  tagMac: string;
  barcode: string;
  status: string;
}

export interface SeenStatus {
  status: string;
  /** Client time the status arrived: a line only believes what arrived after it was scanned. */
  receivedAt: number;
}

export type SeenStatuses = ReadonlyMap<string, SeenStatus>;

/** Tags are named by tag id (barcode) or MAC; both are kept upper case, as the server compares them. */
export const tagKey = (ref: string) => ref.trim().toUpperCase();

/** The latest status of each changed tag under both its names; the map is new only when something changed. */
export function recordChanges(seen: SeenStatuses, changes: readonly TagStatusChange[], receivedAt: number): SeenStatuses {
  if (!changes.length) return seen;
  const next = new Map(seen);
  for (const change of changes) {
    const value = { status: change.status, receivedAt };
    next.set(tagKey(change.tagMac), value);
    if (change.barcode) next.set(tagKey(change.barcode), value);
  }
  return next;
}

/** The tag an entry follows: an assign the server has taken. */
export function followedTag(entry: LogEntry): string | undefined {
  return entry.kind === 'assign' && entry.status === 'ok' && entry.codes[0] ? tagKey(entry.codes[0]) : undefined;
}

/** The tag status to show on a line; an assign the server took is WIP until a later status arrives. */
export function liveStatus(entry: LogEntry, seen: SeenStatuses): string | undefined {
  const tag = followedTag(entry);
  if (!tag) return undefined;
  const latest = seen.get(tag);
  return latest && latest.receivedAt >= entry.at ? latest.status : 'WIP';
}

/** Tags of lines still waiting for their result: what the fallback polls. */
export function waitingTags(entries: readonly LogEntry[], seen: SeenStatuses): string[] {
  const tags = new Set<string>();
  for (const entry of entries) if (liveStatus(entry, seen) === 'WIP') tags.add(followedTag(entry)!);
  return [...tags];
}

/** console-core §4: WIP shows a progress animation, OK green, everything else red. */
export type StatusTone = 'progress' | 'ok' | 'error';
export function statusTone(status: string): StatusTone {
  if (status === 'WIP') return 'progress';
  return status === 'OK' ? 'ok' : 'error';
}

/** The changes a push message carries, when it is a tag status message (NOTES.md 6: JSON `{type, data}`). */
export function tagStatusChangesOf(message: PushMessage | undefined): TagStatusChange[] | undefined {
  if (message?.type !== PUSH_TYPE_TAG_STATUS || !Array.isArray(message.data)) return undefined;
  return (message.data as unknown[])
    .filter(
      (c): c is TagStatusChange =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as TagStatusChange).tagMac === 'string' &&
        typeof (c as TagStatusChange).status === 'string',
    )
    .map((c) => ({ tagMac: c.tagMac, barcode: typeof c.barcode === 'string' ? c.barcode : '', status: c.status }));
}

/** The same, read from a frame as the socket receives it. */
export const tagStatusChanges = (raw: unknown) => tagStatusChangesOf(parsePushMessage(raw));
