import { useCallback, useMemo, useRef, useState } from 'react';

/** Steps kept for undo (our choice: a long session of edits, a few hundred small objects each). */
export const HISTORY_LIMIT = 200;
/** Edits of one kind on one thing within this time are one undo step (typing a duration, a run of arrow keys). */
export const COALESCE_MS = 1_000;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/**
 * Undo/redo over immutable states. `commit(next, group)` adds a step; a commit with the same group as the last
 * one, soon after it, replaces that step instead (a drag is committed once, on release, so it is one step anyway).
 * `saved` marks the state last stored, so that undoing back to it leaves nothing unsaved.
 */
export function useEditHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const [saved, setSaved] = useState<T>(initial);
  const last = useRef<{ group?: string; at: number }>({ at: 0 });

  const commit = useCallback((next: T | ((present: T) => T), group?: string) => {
    const now = Date.now();
    const coalesce = group !== undefined && last.current.group === group && now - last.current.at < COALESCE_MS;
    last.current = { group, at: now };
    setHistory((h) => {
      const value = typeof next === 'function' ? (next as (present: T) => T)(h.present) : next;
      if (value === h.present) return h;
      if (coalesce) return { ...h, present: value, future: [] };
      return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: value, future: [] };
    });
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
      dirty: history.present !== saved,
    }),
    [history, saved, commit, undo, redo],
  );
}
