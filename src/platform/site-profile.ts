/*
 * Customer site profiles (NOTES.md 3): `systemConfig.site` picks the rules of one customer; every screen asks this
 * module instead of comparing site names itself. Unknown or missing site names get the standard rules.
 */
import { PR_CODE_PAD_LENGTH } from '../../contract/schemas/constants-core';
import type { TagStatus } from '../../contract/schemas/tags';
import { useSession } from './session';

export interface SiteProfile {
  /** Product codes are left-padded with zeros to this length (console-core §5, §9); 0 = no padding. */
  prCodePadLength: number;
  /** The Italian second-code columns of the product list. */
  productSecondCodes: boolean;
  /** How the tag status MISSING is shown. */
  missingLabel: string;
  /** Tag statuses the NG filter selects. */
  ngFilterStatuses: readonly TagStatus[];
}

export const STANDARD_PROFILE: SiteProfile = {
  prCodePadLength: 0,
  productSecondCodes: false,
  missingLabel: 'MISSING',
  ngFilterStatuses: ['NG'],
};

// spec: admin §1.0a — site: the coop and nec rules; every other site name gets the standard ones
const PROFILES: Record<string, Partial<SiteProfile>> = {
  coop: { prCodePadLength: PR_CODE_PAD_LENGTH, productSecondCodes: true },
  nec: { missingLabel: 'NG1', ngFilterStatuses: ['NG', 'REQ_ONLY', 'REQ_ONLY2', 'MISSING'] },
};

export function siteProfile(site: string | undefined): SiteProfile {
  const rules = site ? PROFILES[site.trim().toLowerCase()] : undefined;
  return { ...STANDARD_PROFILE, ...rules };
}

/** The profile of the signed-in member's system. */
export function useSiteProfile(): SiteProfile {
  return siteProfile(useSession()?.systemConfig.site);
}
