import { useCallback, useMemo, useState } from 'react';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import type { Column } from '../../ui/data-table';
import { cutText, PRODUCT_INFO_SLOTS, PRODUCT_INFO_VISIBLE } from './product-constants';
import { slotLabel } from './use-product-store';

interface InfoRow {
  prInfo: readonly string[];
}

/** Slots holding a value in any of these rows. */
const filledSlots = (rows: readonly InfoRow[]) => {
  const out = new Set<number>();
  for (const row of rows) row.prInfo.forEach((value, i) => value && i < PRODUCT_INFO_SLOTS && out.add(i));
  return out;
};

/**
 * The info slots a product table offers in its column chooser (console-admin §3: up to 255): every slot the
 * company named with an alias, and every other slot a row on screen holds a value in — so a value in slot 200 can
 * be shown, while the chooser does not list 255 empty "#n" columns. A slot once seen stays while the page is open,
 * so paging does not take a column away. `hear` is the table's onRowsShown.
 */
export function useInfoSlots(alias: readonly AliasItem[]) {
  const [seen, setSeen] = useState<readonly number[]>([]);
  const hear = useCallback((rows: readonly InfoRow[]) => {
    setSeen((before) => {
      const added = [...filledSlots(rows)].filter((i) => !before.includes(i));
      return added.length ? [...before, ...added] : before;
    });
  }, []);
  const slots = useMemo(
    () => [...new Set([...alias.map((a) => a.index), ...seen])].filter((i) => i >= 0 && i < PRODUCT_INFO_SLOTS).sort((a, b) => a - b),
    [alias, seen],
  );
  return { slots, hear };
}

/**
 * One column per offered slot, labelled by its alias (else "#n"), the text cut at 80 characters. The first
 * `shownAtFirst` named slots (or, without aliases, the first slots) are shown until the member chooses otherwise;
 * the rest wait in the column chooser. Whether a slot starts shown depends on the slot, not on its place in the
 * list, so a slot seen later does not change which columns start shown.
 */
export function infoColumns<Row extends InfoRow>(
  alias: readonly AliasItem[],
  slots: readonly number[],
  shownAtFirst: number,
): Column<Row>[] {
  const named = alias.map((a) => a.index).sort((a, b) => a - b);
  const startsShown = (i: number) =>
    named.length ? named.slice(0, shownAtFirst).includes(i) : i < Math.min(shownAtFirst, PRODUCT_INFO_VISIBLE);
  return slots.map((i) => ({
    field: `prInfo-${i}`,
    label: slotLabel(alias, i),
    sortable: false,
    hiddenByDefault: !startsShown(i),
    render: (row: Row) => <span title={row.prInfo[i]}>{cutText(row.prInfo[i])}</span>,
  }));
}
