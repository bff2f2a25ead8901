import { useState } from 'react';
import type { LayoutConfig } from '../../../contract/schemas/settings-alias';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';

/** rowId tells new rows apart (their id may be blank or repeated); saved rows go by layoutId. */
export type DraftLayout = LayoutConfig & { isNew?: boolean; rowId: number };
let rowIds = 0;

/**
 * A company's layout configs and layout types. New layout rows stay in the browser until saved; the server's list
 * replaces the draft when the company changes or after a save (console-admin §4).
 */
export function useLayouts(companyCode: string | undefined) {
  const params = companyCode ? { params: { companyCode } } : null;
  const configs = useCall(endpoints.layoutConfigList, params, { revalidateOnFocus: false });
  const types = useCall(endpoints.layoutTypeList, params, { revalidateOnFocus: false });
  // Local edits, kept for the company they were made for: another company starts from its server list.
  const [local, setLocal] = useState<{ company?: string; added: DraftLayout[]; changed: Record<string, string> }>({
    added: [],
    changed: {},
  });
  const mine = local.company === companyCode ? local : { company: companyCode, added: [], changed: {} };
  const update = (f: (l: typeof mine) => Partial<typeof mine>) => setLocal({ ...mine, ...f(mine) });
  const draft: DraftLayout[] = [
    ...(configs.data ?? []).map((c) => ({ ...c, layoutType: mine.changed[c.layoutId] ?? c.layoutType, rowId: -1, key: c.layoutId })),
    ...mine.added,
  ];

  const saved = new Map((configs.data ?? []).map((c) => [c.layoutId, c.layoutType]));
  const dirty = draft.some((d) => d.isNew || saved.get(d.layoutId) !== d.layoutType) || draft.length !== saved.size;

  return {
    draft,
    types: types.data ?? [],
    loading: configs.isLoading || types.isLoading,
    error: configs.error ?? types.error,
    dirty,
    add: () =>
      update((l) => ({
        added: [
          ...l.added,
          { layoutId: '', layoutType: types.data?.[0]?.layoutType ?? '', companyCode: companyCode ?? '', isNew: true, rowId: ++rowIds },
        ],
      })),
    change: (row: DraftLayout, change: Partial<DraftLayout>) =>
      update((l) =>
        row.isNew
          ? { added: l.added.map((r) => (r.rowId === row.rowId ? { ...r, ...change } : r)) }
          : { changed: change.layoutType ? { ...l.changed, [row.layoutId]: change.layoutType } : l.changed },
      ),
    /** Local for a new row; a saved one is deleted on the server. */
    remove: async (row: DraftLayout) => {
      if (!row.isNew && companyCode) {
        await api.call(endpoints.layoutConfigDelete, { params: { companyCode, layoutId: row.layoutId } });
        await Promise.all([configs.mutate(), types.mutate()]);
      } else update((l) => ({ added: l.added.filter((r) => r.rowId !== row.rowId) }));
    },
    /** Rows with a blank layout id are left out, like the other editors' blank rows. */
    save: async () => {
      if (!companyCode) return;
      const layoutConfig = draft.filter((d) => d.layoutId.trim()).map((d) => ({ layoutId: d.layoutId.trim(), layoutType: d.layoutType }));
      if (layoutConfig.length) await api.call(endpoints.layoutConfigUpdate, { body: { companyCode, layoutConfig } });
      await Promise.all([configs.mutate(), types.mutate()]);
      setLocal({ company: companyCode, added: [], changed: {} });
    },
    reloadTypes: () => Promise.all([types.mutate(), configs.mutate()]),
  };
}
