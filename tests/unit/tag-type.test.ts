import { describe, expect, it } from 'vitest';
import { decodeTagType, UNKNOWN_TAG_TYPE } from '../../contract/schemas/tag-type';

describe('decodeTagType', () => {
  // spec: core §3.7 — feature codes and size map to a model name
  it('names colour models by size and peripherals', () => {
    expect(decodeTagType('B3').model).toBe('2.9" LED NFC');
    expect(decodeTagType('A4').model).toBe('4.2" LED');
    expect(decodeTagType('31').model).toBe('1.6" NFC');
    expect(decodeTagType('25').model).toBe('7.5"');
  });

  // spec: core §3.7
  it('suffixes black and white models with F', () => {
    expect(decodeTagType('D2').model).toBe('2.2" LED FREEZER NFC F');
    expect(decodeTagType('C3').model).toBe('2.9" LED FREEZER F');
    expect(decodeTagType('53').model).toBe('2.9" NFC FREEZER F');
    expect(decodeTagType('44').model).toBe('4.2" FREEZER F');
    expect(decodeTagType('44').color).toBe(false);
    expect(decodeTagType('B3').color).toBe(true);
  });

  // spec: core §9.10 — the size comes from the second character
  it('reports features and the size that gives the layout size', () => {
    expect(decodeTagType('D5')).toMatchObject({ code: 'D5', size: '7.5', features: ['LED', 'FREEZER', 'NFC'], known: true });
  });

  it('reads lower case and surrounding blanks', () => {
    expect(decodeTagType(' b3 ').model).toBe('2.9" LED NFC');
  });

  // spec: core §3.7 — unknown shows UNKNOWN
  it('answers UNKNOWN for codes outside the tables', () => {
    for (const code of ['E3', '13', 'BZ', 'B', 'B33', '', null, undefined]) {
      const decoded = decodeTagType(code);
      expect(decoded.model).toBe(UNKNOWN_TAG_TYPE);
      expect(decoded.known).toBe(false);
    }
  });
});
