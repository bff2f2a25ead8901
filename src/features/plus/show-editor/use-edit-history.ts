import { dequal } from 'dequal';
import { useCallback, useMemo, useRef, useState } from 'react';

/** Steps kept for undo (our choice: a long session of edits, a few hundred small objects each). */
export const HISTORY_LIMIT = 200;
/** Edits of one kind on one thing within this time are one undo step (typing a duration, a run of arrow keys). */
export const COALESCE_MS = 1_000;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/**
 * Undo/redo over immutable states. `commit(next, group)` adds a step; a commit with the same group as the last
 * one, soon after it, replaces that step instead (a drag is committed once, on release, so it is one step anyway).
 * `saved` marks the state last stored, so that undoing back to it leaves nothing unsaved.
 * States are compared by content, not by reference: an edit that changes nothing (a handle released where it was
 * grabbed) adds no step, and a document edited back to what was stored is not unsaved — nor is one that an edit
 * without change replaced after Save took its copy.
 */
export function useEditHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const [saved, setSaved] = useState<T>(initial);
  const last = useRef<{ group?: string; at: number }>({ at: 0 });

  const commit = useCallback((next: T | ((present: T) => T), group?: string) => {
    const now = Date.now();
    const coalesce = group !== undefined && last.current.group === group && now - last.current.at < COALESCE_MS;
    last.current = { group, at: now };
    setHistory((h) => withCommit(h, typeof next === 'function' ? (next as (present: T) => T)(h.present) : next, coalesce));
  }, []);

  const undo = useCallback(() => {
    last.current = { at: 0 };
    setHistory((h) =>
      h.past.length ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] } : h,
    );
  }, []);
  const redo = useCallback(() => {
    last.current = { at: 0 };
    setHistory((h) => (h.future.length ? { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) } : h));
  }, []);

  return useMemo(
    () => ({
      present: history.present,
      commit,
      undo,
      redo,
      markSaved: setSaved,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      dirty: unsaved(history.present, saved),
    }),
    [history, saved, commit, undo, redo],
  );
}

/** The history after an edit to `value`: the same history when nothing changed, else a new step or (coalesced) a replaced one. */
export function withCommit<T>(h: History<T>, value: T, coalesce: boolean): History<T> {
  if (value === h.present || dequal(value, h.present)) return h;
  if (coalesce) return { ...h, present: value, future: [] };
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: value, future: [] };
}

/** Whether what is shown differs from what was stored. */
export const unsaved = <T>(present: T, saved: T): boolean => present !== saved && !dequal(present, saved);
