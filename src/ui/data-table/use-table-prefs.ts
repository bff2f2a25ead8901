import { useCallback, useMemo, useState } from 'react';
import type { TableState } from '../../../contract/table';

/** Saved table filters in the browser expire after 86400 s (console-core §9). */
// spec: core §9.3 — saved table filters expire after 86400 s
export const SAVED_FILTER_TTL_MS = 86_400_000;

const key = (id: string, what: 'columns' | 'filters') => `shelfpad.table.${id}.${what}`;

function read<T>(storageKey: string): T | undefined {
  try {
    const raw = localStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

interface SavedFilters {
  savedAt: number;
  filters: NonNullable<TableState['filters']>;
  dateRange?: TableState['dateRange'];
}

/** The filters saved for this table, unless they are older than a day (then they are forgotten). */
export function loadSavedFilters(id: string, now = Date.now()): Omit<SavedFilters, 'savedAt'> | undefined {
  const saved = read<SavedFilters>(key(id, 'filters'));
  if (!saved || now - saved.savedAt > SAVED_FILTER_TTL_MS) {
    localStorage.removeItem(key(id, 'filters'));
    return undefined;
  }
  return { filters: saved.filters, dateRange: saved.dateRange };
}

export function saveFilters(id: string, filters: TableState['filters'], dateRange: TableState['dateRange'], now = Date.now()) {
  const empty = !Object.keys(filters ?? {}).length && !dateRange?.start && !dateRange?.end;
  if (empty) localStorage.removeItem(key(id, 'filters'));
  else localStorage.setItem(key(id, 'filters'), JSON.stringify({ savedAt: now, filters: filters ?? {}, dateRange }));
}

/**
 * Which columns the user chose to see, remembered per table in the browser. A column the table gains later (e.g.
 * a product info slot seen on the next page) starts as its default says, not shown, until the user chooses.
 */
export function useColumnChoice(id: string, defaults: Record<string, boolean>) {
  const [chosen, setChosen] = useState<Record<string, boolean>>(() => ({
    ...defaults,
    ...read<Record<string, boolean>>(key(id, 'columns')),
  }));
  const visible = useMemo(() => ({ ...defaults, ...chosen }), [defaults, chosen]);
  const toggle = useCallback(
    (field: string) =>
      setChosen((current) => {
        const next = { ...current, [field]: !(current[field] ?? defaults[field] ?? true) };
        localStorage.setItem(key(id, 'columns'), JSON.stringify(next));
        return next;
      }),
    [id, defaults],
  );
  return { visible, toggle };
}
