import { describe, expect, it } from 'vitest';
import {
  cleanCodeList,
  fileAssignReady,
  multiAssignProblem,
  padProductCode,
  singleAssignCode,
} from '../../src/features/tag-assign/assign-input';
import { siteProfile } from '../../src/platform/site-profile';
import { MULTI_ASSIGN_MAX_CODES } from '../../contract/schemas/constants-core';

describe('multi assign code list (console-core §5)', () => {
  it('trims, drops blanks and repeats, keeping the order first seen', () => {
    expect(cleanCodeList('  4901234567894 \n\n4901234567894\n 123 ,, 456;789\t\n')).toEqual(['4901234567894', '123', '456', '789']);
  });

  it('takes a list of lines as well as one text', () => {
    expect(cleanCodeList([' a ', '', 'b', 'a'])).toEqual(['a', 'b']);
  });

  it('pads each code to 13 characters with zeros for the coop site, then de-duplicates', () => {
    const { prCodePadLength } = siteProfile('coop');
    expect(cleanCodeList('123\n0000000000123\n4901234567894\n12345678901234', prCodePadLength)).toEqual([
      '0000000000123',
      '4901234567894',
      '12345678901234',
    ]);
  });

  it('leaves codes alone for other sites', () => {
    expect(cleanCodeList('123', siteProfile('').prCodePadLength)).toEqual(['123']);
    expect(cleanCodeList('123', siteProfile('someone-else').prCodePadLength)).toEqual(['123']);
  });

  it('is empty for an input of blanks only', () => {
    expect(cleanCodeList(' \n , ; \n')).toEqual([]);
  });
});

describe('padProductCode', () => {
  it('pads to the length and never cuts', () => {
    expect(padProductCode('42', 13)).toBe('0000000000042');
    expect(padProductCode('42', 0)).toBe('42');
    expect(padProductCode('12345678901234', 13)).toBe('12345678901234');
  });
});

describe('multi assign checks, in the order of the form', () => {
  const ok = { tagId: 'C4000100002A', codes: ['1'], layoutId: 'L1' };
  it('asks for the tag id first, then codes, then the layout id', () => {
    expect(multiAssignProblem({ ...ok, tagId: '  ', codes: [], layoutId: '' })).toBe('tagId');
    expect(multiAssignProblem({ ...ok, codes: [], layoutId: '' })).toBe('productCode');
    expect(multiAssignProblem({ ...ok, layoutId: ' ' })).toBe('layoutId');
    expect(multiAssignProblem(ok)).toBeUndefined();
  });
  it('refuses more codes than one request carries', () => {
    const codes = Array.from({ length: MULTI_ASSIGN_MAX_CODES + 1 }, (_, i) => String(i));
    expect(multiAssignProblem({ ...ok, codes })).toBe('tooMany');
  });
});

describe('single assign code', () => {
  it('is the scanned code, else the default product code', () => {
    expect(singleAssignCode(' 4901 ', 'DEF')).toBe('4901');
    expect(singleAssignCode('  ', ' DEF ')).toBe('DEF');
    expect(singleAssignCode('', '')).toBe('');
  });
});

describe('file assign readiness', () => {
  const file = new Blob(['C4000100002A,4901234567894\n'], { type: 'text/csv' });
  it('needs the default product code, even with a file', () => {
    expect(fileAssignReady(file, '  ')).toBe('defaultCode');
  });
  it('needs a file', () => {
    expect(fileAssignReady(undefined, '4901234567894')).toBe('file');
  });
  it('is ready with both', () => {
    expect(fileAssignReady(file, '4901234567894')).toBeUndefined();
  });
});

describe('site profiles (NOTES.md 3)', () => {
  it('gives coop the padding and second codes, nec the NG1 rules, everyone else the standard', () => {
    expect(siteProfile('coop')).toMatchObject({ prCodePadLength: 13, productSecondCodes: true, missingLabel: 'MISSING' });
    expect(siteProfile('COOP').prCodePadLength).toBe(13);
    expect(siteProfile('nec')).toMatchObject({
      prCodePadLength: 0,
      missingLabel: 'NG1',
      ngFilterStatuses: ['NG', 'REQ_ONLY', 'REQ_ONLY2', 'MISSING'],
    });
    expect(siteProfile(undefined)).toEqual(siteProfile('other'));
    expect(siteProfile('other')).toMatchObject({ prCodePadLength: 0, productSecondCodes: false, ngFilterStatuses: ['NG'] });
  });
});
