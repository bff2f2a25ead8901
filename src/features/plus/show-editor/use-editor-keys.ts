import { useEffect, useRef } from 'react';
import { isShownAt } from './use-unsaved-warning';

/** Arrow keys move the selected object by 1 screen pixel, with Shift by 10 (our choice, as drawing tools do). */
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;

export interface EditorKeyHandlers {
  undo: () => void;
  redo: () => void;
  /** Delete removes the selected object (plus-signage §2.3). */
  remove: () => void;
  nudge: (dx: number, dy: number) => void;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Typing belongs to the field: keys in an input, a list, an editable text, an open dialog or the slide list (whose
 * arrows move a slide) are not the canvas's.
 */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable="true"], ion-input, ion-textarea, ion-select, ion-alert, ion-modal, .show-slides',
    )
  )
    return true;
  const active = document.activeElement;
  return Boolean(active?.closest('input, textarea, select, [contenteditable="true"]'));
}

/** The editor's keys, heard on the whole page while the editor is the page on view. */
// spec: plus §2.47 — Delete removes the selected object unless an input has focus
export function useEditorKeys(handlers: EditorKeyHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const hash = window.location.hash;
    const onKey = (e: KeyboardEvent) => {
      if (!isShownAt(hash) || typing(e.target) || document.querySelector('ion-alert, ion-modal.show-modal')) return;
      const h = latest.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) h.redo();
        else h.undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        h.redo();
      } else if (e.key === 'Delete' && !mod) {
        e.preventDefault();
        h.remove();
      } else if (ARROWS[e.key] && !mod) {
        e.preventDefault();
        const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
        const [x, y] = ARROWS[e.key];
        h.nudge(x * step, y * step);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
