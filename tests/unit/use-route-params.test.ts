import { describe, expect, it } from 'vitest';
import { decodeParam } from '../../src/ui/use-route-params';

/** Issue 31 §1: a route param reaches the page as it was linked, once decoded, whatever it holds. */
describe('decodeParam', () => {
  it('decodes what a link encoded once', () => {
    expect(decodeParam(encodeURIComponent('02:5a:00:07:00:06'))).toBe('02:5a:00:07:00:06');
    expect(decodeParam(encodeURIComponent('Fresh corner/50% off'))).toBe('Fresh corner/50% off');
    expect(decodeParam(encodeURIComponent('東京 1号店'))).toBe('東京 1号店');
  });

  it('leaves an already plain value alone and keeps a malformed escape as typed', () => {
    expect(decodeParam('TKY001')).toBe('TKY001');
    expect(decodeParam('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeParam('100%')).toBe('100%');
  });
});
