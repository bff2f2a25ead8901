import type { AliasItem } from '../../api/contract/settings-alias';
import { PRODUCT_INFO_SLOTS } from './product-constants';

/**
 * The info slots a form opens with (issue 31 §13): those the company named (an alias) and those holding a value —
 * never a run of empty, unnamed "#8 #9 #10" fields. Any other of the 255 slots opens with "Add field".
 */
export function initialInfoSlots(alias: readonly AliasItem[], prInfo: readonly string[] = []): number[] {
  const open = new Set(alias.map((a) => a.index).filter((i) => i >= 0 && i < PRODUCT_INFO_SLOTS));
  prInfo.forEach((value, i) => value && open.add(i));
  return [...open].sort((a, b) => a - b);
}

/** The slot "Add field" opens: the lowest one not open yet, or none when all 255 are. */
export function nextInfoSlot(open: readonly number[]): number | undefined {
  const taken = new Set(open);
  for (let i = 0; i < PRODUCT_INFO_SLOTS; i++) if (!taken.has(i)) return i;
  return undefined;
}
