/*
 * The one global keydown listener for wedge scanners, and where a scan goes.
 *
 * Characters are never intercepted while a burst is in progress: we cannot know a burst is a scan until its
 * suffix arrives, and swallowing keys would lose a person's typing. So keys type wherever focus is, and when the
 * suffix proves the burst was a scan:
 *   1. focus is in a ScanField            → that field gets the code (its value becomes exactly the code);
 *   2. focus is in another text input     → the newest useWedgeScanner subscriber gets it (else the active
 *      ScanField), and the input is put back to the value and selection it had before the burst began — we take
 *      that snapshot on the burst's first keydown, which runs (capture phase) before the character is inserted;
 *   3. focus is anywhere else / nowhere   → the active ScanField (the one last focused or marked active), else the
 *      newest subscriber.
 * The suffix key of a delivered scan is cancelled (preventDefault + stopImmediatePropagation), so Enter does not
 * submit a form or reach the field's own Enter handler (which would deliver the scan twice) and Tab does not move
 * focus. Exactly one consumer gets each scan.
 */
import { createWedgeDetector, type WedgeDetector, type WedgeKey, type WedgeOptions } from './wedge';

export interface WedgeKeyEvent extends WedgeKey {
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

export interface ScanFieldTarget {
  /** The field's host element (carries data-scan-field); used to tell whether focus is inside it. */
  element(): Element | null;
  deliver(code: string): void;
}

interface Snapshot {
  input: HTMLInputElement | HTMLTextAreaElement;
  value: string;
  start: number | null;
  end: number | null;
}

export interface WedgeRouter {
  handle(event: WedgeKeyEvent, focused: Element | null): void;
  subscribe(onScan: (code: string) => void): () => void;
  registerField(target: ScanFieldTarget, active?: boolean): () => void;
  activateField(target: ScanFieldTarget): void;
  configure(opts: WedgeOptions): void;
}

export const SCAN_FIELD_ATTR = 'data-scan-field';

function isTextEntry(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (!el) return false;
  if (el.tagName === 'TEXTAREA') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
  return ['text', 'search', 'email', 'url', 'tel', 'password', 'number'].includes(type);
}

/** Put a (possibly React-controlled) input back: the native setter + an input event keep React's state in step. */
export function restoreInput(s: Snapshot): void {
  const proto = s.input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(s.input, s.value);
  else s.input.value = s.value;
  s.input.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    if (s.start !== null && s.end !== null) s.input.setSelectionRange(s.start, s.end);
  } catch {
    // type=number/email inputs do not support selection; the value is what matters.
  }
}

export function createWedgeRouter(deps: { restore?: (s: Snapshot) => void } = {}): WedgeRouter {
  const restore = deps.restore ?? restoreInput;
  let detector: WedgeDetector = createWedgeDetector();
  const subscribers: Array<(code: string) => void> = [];
  const fields: ScanFieldTarget[] = [];
  let active: ScanFieldTarget | undefined;
  let snapshot: Snapshot | undefined;

  const fieldOf = (el: Element | null) => {
    const host = el?.closest?.(`[${SCAN_FIELD_ATTR}]`);
    return host ? fields.find((f) => f.element() === host) : undefined;
  };
  const newestSubscriber = () => subscribers[subscribers.length - 1];

  const handle = (event: WedgeKeyEvent, focused: Element | null) => {
    const result = detector.key(event);
    if (result.kind === 'pending') {
      if (result.first) {
        snapshot =
          isTextEntry(focused) && !fieldOf(focused)
            ? { input: focused, value: focused.value, start: focused.selectionStart, end: focused.selectionEnd }
            : undefined;
      }
      return;
    }
    if (result.kind === 'typing') {
      snapshot = undefined;
      return;
    }
    const taken = snapshot;
    snapshot = undefined;
    const focusedField = fieldOf(focused);
    let deliver: ((code: string) => void) | undefined;
    if (focusedField) deliver = (c) => focusedField.deliver(c);
    else if (taken && taken.input === focused) {
      const sub = newestSubscriber();
      deliver = sub ?? (active ? (c) => active!.deliver(c) : undefined);
    } else {
      const field = active;
      deliver = field ? (c) => field.deliver(c) : newestSubscriber();
    }
    if (!deliver) return; // nobody listens: leave the keys alone, the page behaves as without us
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!focusedField && taken && taken.input === focused) restore(taken);
    deliver(result.code);
  };

  return {
    handle,
    subscribe(onScan) {
      subscribers.push(onScan);
      return () => {
        const i = subscribers.lastIndexOf(onScan);
        if (i >= 0) subscribers.splice(i, 1);
      };
    },
    registerField(target, makeActive = false) {
      fields.push(target);
      if (makeActive || !active) active = target;
      return () => {
        const i = fields.indexOf(target);
        if (i >= 0) fields.splice(i, 1);
        if (active === target) active = fields[fields.length - 1];
      };
    },
    activateField(target) {
      if (fields.includes(target)) active = target;
    },
    configure(opts) {
      detector = createWedgeDetector(opts);
      snapshot = undefined;
    },
  };
}

/** The app's single router and its single window listener, installed while anyone uses it. */
export const wedgeRouter = createWedgeRouter();
let users = 0;
const onKeyDown = (e: KeyboardEvent) => {
  if (e.isComposing || e.repeat) return; // IME composition and auto-repeat are people, not scanners
  wedgeRouter.handle(e, document.activeElement);
};

export function retainWedgeListener(): () => void {
  if (typeof window === 'undefined') return () => {};
  if (users++ === 0) window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    if (--users === 0) window.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}
