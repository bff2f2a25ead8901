import { describe, expect, it } from 'vitest';
import { printResultOf } from '../../contract/schemas/paper';

describe('print result from resultCode (console-admin §4)', () => {
  // spec: admin §4.10 — NONE / SUCCESS / FAIL from resultCode
  it('is NONE when missing, SUCCESS for 1 and FAIL for any other value', () => {
    expect(printResultOf(undefined)).toBe('NONE');
    expect(printResultOf(null)).toBe('NONE');
    expect(printResultOf(1)).toBe('SUCCESS');
    expect([0, 2, 4, -1, 100].map(printResultOf)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL']);
  });
});
