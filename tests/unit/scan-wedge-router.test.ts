import { describe, expect, it, vi } from 'vitest';
import { createWedgeRouter, type ScanFieldTarget } from '../../src/scan/input/wedge-router';

// Just enough of the DOM for the router: closest() for the data-scan-field host, tagName/type/value for inputs.
function el(tagName: string, props: Record<string, unknown> = {}, host?: object): Element {
  const self: Record<string, unknown> = { tagName, ...props };
  self.closest = (sel: string) => (sel === '[data-scan-field]' ? (host ?? (props.isHost ? self : null)) : null);
  return self as unknown as Element;
}
const textInput = (value = '') => el('INPUT', { type: 'text', value, selectionStart: value.length, selectionEnd: value.length });

function key(k: string, t: number) {
  return { key: k, timeStamp: t, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
}

/** Simulate a scanner: keys at 10 ms and a suffix; `focused` as document.activeElement. Returns the suffix event. */
function scan(sut: ReturnType<typeof createWedgeRouter>, code: string, focused: Element | null, start = 0, suffix = 'Enter') {
  const events = [...code].map((ch, i) => key(ch, start + i * 10));
  for (const e of events) sut.handle(e, focused);
  const end = key(suffix, start + code.length * 10);
  sut.handle(end, focused);
  return { end, chars: events };
}

function field(host: Element): ScanFieldTarget & { got: string[] } {
  const got: string[] = [];
  return { got, element: () => host, deliver: (c) => got.push(c) };
}

describe('wedge router', () => {
  it('delivers a scan with nothing focused to the active ScanField, cancelling only the suffix', () => {
    const sut = createWedgeRouter();
    const a = field(el('ION-INPUT', { isHost: true }));
    sut.registerField(a);
    const { end, chars } = scan(sut, '4006381333931', null);
    expect(a.got).toEqual(['4006381333931']);
    expect(end.preventDefault).toHaveBeenCalledOnce();
    expect(end.stopImmediatePropagation).toHaveBeenCalledOnce();
    expect(chars.every((c) => c.preventDefault.mock.calls.length === 0)).toBe(true); // characters are never eaten
  });

  it('delivers to the focused ScanField, not the active one', () => {
    const sut = createWedgeRouter();
    const hostA = el('ION-INPUT', { isHost: true });
    const hostB = el('ION-INPUT', { isHost: true });
    const a = field(hostA);
    const b = field(hostB);
    sut.registerField(a, true);
    sut.registerField(b);
    const innerB = el('INPUT', { type: 'text', value: '' }, hostB);
    scan(sut, 'ABCDEF123456', innerB);
    expect(a.got).toEqual([]);
    expect(b.got).toEqual(['ABCDEF123456']);
  });

  it('follows activateField (the last focused field becomes the target) and falls back on unregister', () => {
    const sut = createWedgeRouter();
    const a = field(el('ION-INPUT', { isHost: true }));
    const b = field(el('ION-INPUT', { isHost: true }));
    sut.registerField(a);
    const unregisterB = sut.registerField(b);
    scan(sut, '11112222', null);
    sut.activateField(b);
    scan(sut, '33334444', null, 1000);
    unregisterB();
    scan(sut, '55556666', null, 2000);
    expect(a.got).toEqual(['11112222', '55556666']);
    expect(b.got).toEqual(['33334444']);
  });

  it('in a plain text input: gives the scan to the subscriber and restores the value from before the burst', () => {
    const restore = vi.fn();
    const sut = createWedgeRouter({ restore });
    const onScan = vi.fn();
    sut.subscribe(onScan);
    const input = textInput('note: ');
    scan(sut, '96385074', input);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('96385074');
    expect(restore).toHaveBeenCalledExactlyOnceWith({ input, value: 'note: ', start: 6, end: 6 });
  });

  it('in a plain text input: leaves typing alone (no restore, no delivery, Enter not cancelled)', () => {
    const restore = vi.fn();
    const sut = createWedgeRouter({ restore });
    const onScan = vi.fn();
    sut.subscribe(onScan);
    const input = textInput();
    const events = [...'hello'].map((ch, i) => key(ch, i * 120));
    events.forEach((e) => sut.handle(e, input));
    const enter = key('Enter', 600);
    sut.handle(enter, input);
    expect(onScan).not.toHaveBeenCalled();
    expect(restore).not.toHaveBeenCalled();
    expect(enter.preventDefault).not.toHaveBeenCalled();
  });

  it('prefers the subscriber over the active ScanField when focus is in a plain input, and the field otherwise', () => {
    const sut = createWedgeRouter({ restore: () => {} });
    const a = field(el('ION-INPUT', { isHost: true }));
    sut.registerField(a);
    const onScan = vi.fn();
    sut.subscribe(onScan);
    scan(sut, 'PLAIN0001', textInput());
    scan(sut, 'FIELD0002', el('BUTTON'), 1000);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('PLAIN0001');
    expect(a.got).toEqual(['FIELD0002']);
  });

  it('with no ScanField, gives scans to the newest subscriber only, and to the previous one after unsubscribing', () => {
    const sut = createWedgeRouter();
    const older = vi.fn();
    const newer = vi.fn();
    sut.subscribe(older);
    const off = sut.subscribe(newer);
    scan(sut, '11112222', null);
    off();
    scan(sut, '33334444', null, 1000);
    expect(newer).toHaveBeenCalledExactlyOnceWith('11112222');
    expect(older).toHaveBeenCalledExactlyOnceWith('33334444');
  });

  it('with nobody listening, leaves the suffix alone', () => {
    const sut = createWedgeRouter();
    const { end } = scan(sut, '11112222', null);
    expect(end.preventDefault).not.toHaveBeenCalled();
  });

  it('restores the input from before the scan burst, not from before earlier typing', () => {
    const restore = vi.fn();
    const sut = createWedgeRouter({ restore });
    sut.subscribe(() => {});
    const input = textInput('ab') as unknown as { value: string; selectionStart: number; selectionEnd: number };
    // a person types 'c' (which the browser inserts), pauses, then the scanner fires
    sut.handle(key('c', 0), input as unknown as Element);
    Object.assign(input, { value: 'abc', selectionStart: 3, selectionEnd: 3 });
    scan(sut, '12345678', input as unknown as Element, 1500);
    expect(restore).toHaveBeenCalledWith(expect.objectContaining({ value: 'abc', start: 3, end: 3 }));
  });

  it('applies configure() thresholds', () => {
    const sut = createWedgeRouter();
    const onScan = vi.fn();
    sut.subscribe(onScan);
    sut.configure({ minLength: 10 });
    scan(sut, '12345678', null);
    expect(onScan).not.toHaveBeenCalled();
    scan(sut, '1234567890', null, 1000);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('1234567890');
  });

  it('delivers 100 scans in a row exactly once each (20 pairs/s and more)', () => {
    const sut = createWedgeRouter();
    const got: string[] = [];
    sut.subscribe((c) => got.push(c));
    const codes = Array.from({ length: 100 }, (_, i) => `TAG${String(i).padStart(9, '0')}`);
    codes.forEach((c, i) => scan(sut, c, null, i * 150, i % 2 ? 'Tab' : 'Enter'));
    expect(got).toEqual(codes);
  });
});
