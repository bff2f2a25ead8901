/*
 * The scan log (issue 4 item 3): one line per scan, newest first. Lines for outbox writes follow their operation
 * through the outbox's live view, so a line is right after a reload of the queue or a replay in another tab.
 * A write is answered with the success sound as soon as it is safe in the outbox — online or not, staff hear the
 * pair taken within the 50 ms budget of docs/architecture.md §8 and scan on — and a refusal by the server, a moment later,
 * with the failure sound and the red flash (onOutcome).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { feedback } from '../input/feedback';
import type { OutboxKind, OutboxOp } from '../../offline/outbox';
import { offlineLayer } from '../../offline/lazy';
import { networkSeenDown, onNetworkSeen } from '../../offline/network-seen';
import { useOutboxOpsById } from '../../offline/use-outbox';

export type LogKind = 'assign' | 'deassign' | 'undo' | 'plusAssign' | 'plusDeassign' | 'blink' | 'plusBlink' | 'lookup';
export type LogStatus = 'sending' | 'queued' | 'ok' | 'failed';

export interface LogEntry {
  key: number;
  at: number;
  kind: LogKind;
  codes: string[];
  status: LogStatus;
  message?: string;
  opId?: string;
  /** Sent while offline: the line says Queued until the outbox reaches the server. */
  queued?: boolean;
}

export interface ScanLog {
  entries: LogEntry[];
  counters: Record<'ok' | 'failed' | 'queued', number>;
  /** A line that is settled now (blink, lookup, a refusal at scan time). */
  add(entry: Omit<LogEntry, 'key' | 'at'>): void;
  /** Store a write in the outbox and follow it in the log; resolves with the operation id. */
  send(kind: LogKind, codes: string[], op: { kind: OutboxKind; storeCode: string; payload: unknown }): Promise<string>;
  clear(): void;
}

/** A 200 answer can still list tags the server refused (TagAssignAnswer.failed). */
function refusal(op: OutboxOp): string | undefined {
  const failed = (op.answer as { failed?: { message: string }[] } | undefined)?.failed;
  return failed?.length ? failed.map((f) => f.message).join(', ') : undefined;
}

/**
 * A line's status from its operation. `networkDown`: the outbox's last request reached no server (network-seen.ts).
 */
export function statusOf(entry: LogEntry, op: OutboxOp | undefined, networkDown: boolean): Pick<LogEntry, 'status' | 'message'> {
  if (!op) return entry;
  if (op.state === 'done') {
    const refused = refusal(op);
    return refused ? { status: 'failed', message: refused } : { status: 'ok' };
  }
  if (op.state === 'failed') return { status: 'failed', message: op.lastError };
  // A send that did not reach the server (status 0) leaves the operation waiting for the network; so does one not
  // yet tried while the network is known to be down (it waits behind the store's queue, nothing is being sent).
  const waiting = entry.queued || op.lastStatus === 0 || (networkDown && op.state === 'pending');
  return waiting ? { status: 'queued' } : { status: 'sending' };
}

/*
 * The log lasts for the tab's session (issue 31 §10): a language change reloads the page, and the console taking over
 * from the lean handheld app mounts the screen again — staff must still see what they scanned.
 */
const LOG_KEY = 'shelfpad.scan.log';

function storedLines(): LogEntry[] {
  try {
    const lines = JSON.parse(sessionStorage.getItem(LOG_KEY) ?? '[]') as unknown;
    return Array.isArray(lines) ? (lines as LogEntry[]) : [];
  } catch {
    return [];
  }
}

export function useScanLog(): ScanLog {
  const [stored] = useState(storedLines);
  const [lines, setLines] = useState<LogEntry[]>(stored);
  const nextKey = useRef(stored.reduce((max, line) => Math.max(max, line.key), 0) + 1);
  useEffect(() => sessionStorage.setItem(LOG_KEY, JSON.stringify(lines)), [lines]);
  const mine = useRef(new Set<string>()); // the operations this log sent
  // Only the operations of the log's lines: a replay of the rest of the queue does not re-render the screen.
  const opIds = useMemo(() => lines.flatMap((line) => (line.opId ? [line.opId] : [])), [lines]);
  const ops = useOutboxOpsById(opIds);
  const networkDown = useSyncExternalStore(onNetworkSeen, networkSeenDown);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void offlineLayer().then(({ onOutcome }) => {
      if (stopped) return;
      stop = onOutcome((op, outcome) => {
        if (mine.current.has(op.id) && (outcome === 'failed' || refusal(op))) feedback.failure();
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  const add = useCallback((entry: Omit<LogEntry, 'key' | 'at'>) => {
    const line = { ...entry, key: nextKey.current++, at: Date.now() };
    setLines((prev) => [line, ...prev].slice(0, 500));
  }, []);

  const send = useCallback<ScanLog['send']>(
    async (kind, codes, op) => {
      const queued = (typeof navigator !== 'undefined' && !navigator.onLine) || networkSeenDown();
      const id = await (await offlineLayer()).enqueue(op);
      mine.current.add(id);
      add({ kind, codes, status: queued ? 'queued' : 'sending', opId: id, queued });
      feedback.success();
      return id;
    },
    [add],
  );

  const entries = useMemo(
    () => lines.map((line) => (line.opId ? { ...line, ...statusOf(line, ops.get(line.opId), networkDown) } : line)),
    [lines, ops, networkDown],
  );

  const counters = useMemo(() => {
    const c = { ok: 0, failed: 0, queued: 0 };
    for (const e of entries) if (e.status !== 'sending') c[e.status] += 1;
    return c;
  }, [entries]);

  const clear = useCallback(() => setLines([]), []);
  return { entries, counters, add, send, clear };
}
