import { describe, expect, it } from 'vitest';
import { fromPicker, PICKER_MINUTES, pickerValue } from '../../src/ui/date-time-field';

/** console-admin §9: "Time picker minute step 5"; the field keeps the spec's yyyy-mm-dd hh:ii:ss text. */
describe('date-time field', () => {
  // spec: admin §9.3 — the time picker half: minute step 5
  it('offers the minutes in steps of 5', () => {
    expect(PICKER_MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('opens the picker on the typed time, its minutes brought down to the step', () => {
    expect(pickerValue('2026-11-28 09:37:12')).toBe('2026-11-28T09:35');
    expect(pickerValue('2026-11-28')).toBe('2026-11-28T00:00');
    expect(pickerValue('tomorrow')).toBeUndefined();
  });

  it('writes the picked time back in the console’s format', () => {
    expect(fromPicker('2026-11-28T09:35')).toBe('2026-11-28 09:35:00');
    expect(fromPicker('2026-02-03T23:55:00+09:00')).toBe('2026-02-03 23:55:00');
  });
});
