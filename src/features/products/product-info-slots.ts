import type { AliasItem } from '../../../contract/schemas/settings-alias';
import { PRODUCT_INFO_SLOTS, PRODUCT_INFO_VISIBLE } from './product-constants';

/**
 * The info slots a form opens with: those the company named (an alias) and those holding a value; a create form
 * also the first 10, as console-admin §3 and §9 say ("10 visible by default on create"). An update form opens no
 * empty unnamed slot (issue 31 §13: the spec's default is for create only). Any other of the 255 opens with "Add field".
 */
// spec: admin §3.1, admin §9.2 — 255 info slots, 10 visible by default on create
export function initialInfoSlots(alias: readonly AliasItem[], prInfo: readonly string[] = [], create = false): number[] {
  const open = new Set(alias.map((a) => a.index).filter((i) => i >= 0 && i < PRODUCT_INFO_SLOTS));
  if (create) for (let i = 0; i < PRODUCT_INFO_VISIBLE; i++) open.add(i);
  prInfo.forEach((value, i) => value && open.add(i));
  return [...open].sort((a, b) => a - b);
}

/** The slot "Add field" opens: the lowest one not open yet, or none when all 255 are. */
export function nextInfoSlot(open: readonly number[]): number | undefined {
  const taken = new Set(open);
  for (let i = 0; i < PRODUCT_INFO_SLOTS; i++) if (!taken.has(i)) return i;
  return undefined;
}
