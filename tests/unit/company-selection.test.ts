import { describe, expect, it } from 'vitest';
import { companyChoices, effectiveCompany } from '../../src/platform/company-selection';

const several = { companyInfo: { NORD: 'Nordmarkt International', ACME: 'Acme Retail Asia', COOP: 'Coop Italia Demo' } };
const one = { companyInfo: { ACME: 'Acme Retail Asia' } };

describe('the global company selection (console-core §2, §6)', () => {
  it('applies a stored company of the member when the member has several', () => {
    expect(effectiveCompany(several, 'NORD')).toBe('NORD');
    expect(effectiveCompany(several, '')).toBeUndefined();
  });

  it("ignores a company that is not the member's (a later login in the same tab)", () => {
    expect(effectiveCompany(several, 'OTHER')).toBeUndefined();
    expect(effectiveCompany(several, 'toString')).toBeUndefined();
  });

  it('does not apply to a member of one company, nor without a session', () => {
    expect(effectiveCompany(one, 'ACME')).toBeUndefined();
    expect(effectiveCompany(undefined, 'ACME')).toBeUndefined();
  });

  it("offers the member's companies by name", () => {
    expect(companyChoices(several)).toEqual([
      { code: 'ACME', name: 'Acme Retail Asia' },
      { code: 'COOP', name: 'Coop Italia Demo' },
      { code: 'NORD', name: 'Nordmarkt International' },
    ]);
    expect(companyChoices({ companyInfo: { X: '' } })).toEqual([{ code: 'X', name: 'X' }]);
  });
});
