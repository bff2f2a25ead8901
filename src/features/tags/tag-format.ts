/*
 * Pure rules of the tag screens (console-core §3, §4, §9): tag type → model name, the update history row status,
 * product info cut for lists and versions in hex.
 */
import { decodeTagType, UNKNOWN_TAG_TYPE } from '../../../contract/schemas/tag-type';
import type { TagUpdateHistoryRow } from '../../../contract/schemas/tag-history';
import { TAG_STATUSES } from '../../../contract/schemas/tags';
import type { SiteProfile } from '../../platform/site-profile';
import { PRODUCT_INFO_CUT_CHARS, PRODUCT_INFO_ELLIPSIS } from './tag-constants';

export interface KnownTagType {
  prefix: string;
  model: string;
}

/**
 * The model name of a two-character tag type code. The server's tag type information (loaded at login) wins
 * where it knows the prefix: a customer's server may name models its own way; otherwise the code is decoded.
 */
// spec: core §8.21 — unknown tag type: 'UNKNOWN'
export function tagModelName(code: string | null | undefined, known: readonly KnownTagType[] = []): string {
  const normalized = (code ?? '').trim().toUpperCase();
  const named = normalized ? known.find((k) => k.prefix.trim().toUpperCase() === normalized)?.model : undefined;
  return named || decodeTagType(normalized).model || UNKNOWN_TAG_TYPE;
}

export type UpdateRowStatus = 'IN_PROGRESS' | 'CANCEL' | 'OK' | 'NG';

/** Absent status: in progress; a status without updatedAt: CANCEL; otherwise the status, OK or NG. */
// spec: core §2.42, core §4.8 — absent status in progress, no updatedAt CANCEL, else OK or NG
export function updateRowStatus(row: Pick<TagUpdateHistoryRow, 'status' | 'updatedAt'>): UpdateRowStatus {
  if (!row.status) return 'IN_PROGRESS';
  if (!row.updatedAt || row.status === 'CANCEL') return 'CANCEL';
  return row.status;
}

/** Product info as a list shows it: at most 80 characters, then an ellipsis. */
// spec: core §9.7 — product info cut to 80 characters plus an ellipsis
export function cutProductInfo(text: string | readonly string[] | null | undefined): string {
  const joined = Array.isArray(text) ? text.filter(Boolean).join(' / ') : ((text as string | null | undefined) ?? '');
  const chars = Array.from(joined);
  return chars.length > PRODUCT_INFO_CUT_CHARS ? chars.slice(0, PRODUCT_INFO_CUT_CHARS).join('') + PRODUCT_INFO_ELLIPSIS : joined;
}

/** Tag and OTA versions are shown in hex (NOTES.md 10). */
// spec: core §9.8 — versions shown in hex
export const versionHex = (version: number | null | undefined): string =>
  version === null || version === undefined ? '' : `0x${version.toString(16).toUpperCase()}`;

/** Status filter choices; a site whose NG filter is wider sends the list (an enum value with commas is a list). */
// spec: core §4.3 — MISSING as NG1 and the wider NG filter for one customer site
export function statusOptions(profile: Pick<SiteProfile, 'missingLabel' | 'ngFilterStatuses'>): { value: string; label: string }[] {
  return TAG_STATUSES.map((status) => ({
    value: status === 'NG' ? profile.ngFilterStatuses.join(',') : status,
    label: status === 'MISSING' ? profile.missingLabel : status,
  }));
}
