import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  dataTypeLengthFor,
  dataTypesOf,
  deleteAlias,
  dropBlankAliases,
  dropBlankGroups,
  nextAliasIndex,
  withKey,
} from '../../../contract/schemas/alias-rules';
import type { AliasItem, CustomDataTypeGroup, ProductType } from '../../../contract/schemas/settings-alias';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import type { AliasFile } from './alias-import';

/*
 * The alias screen's draft (console-admin §4): rows are new until saved; a new row is deleted locally, a saved one
 * on the server at once. `saved` mirrors what the server holds, so that deleting a saved alias sends exactly the
 * server's list without it (renumbered) while the draft keeps the user's other unsaved edits.
 */

export type DraftAlias = Omit<AliasItem, 'isDisplay'> & { isNew?: boolean };
export type DraftGroup = CustomDataTypeGroup & { isNew?: boolean; rowId: number };
export interface AliasState {
  alias: DraftAlias[];
  productTypes: ProductType[];
  groups: DraftGroup[];
}

/** A product type without code or name: nothing is saved (console-admin §5 "Product type: code and name required"). */
export class ProductTypeIncomplete extends Error {}

let rowIds = 0;
const withRowIds = (groups: readonly CustomDataTypeGroup[], isNew = false): DraftGroup[] =>
  groups.map((g) => ({ ...g, rowId: ++rowIds, ...(isNew ? { isNew } : {}) }));
const EMPTY: AliasState = { alias: [], productTypes: [], groups: [] };

async function loadState(companyCode: string): Promise<AliasState> {
  const params = { companyCode };
  const [alias, productTypes, groups] = await Promise.all([
    // The company-wide list (no productType): the items without isDisplay.
    api.call(endpoints.aliasConfig, { params, query: {} }),
    api.call(endpoints.aliasProductTypes, { params }),
    api.call(endpoints.customDataTypes, { params }),
  ]);
  return { alias: alias.map(({ isDisplay: _, ...a }) => a), productTypes, groups: withRowIds(groups) };
}

/** What the server would hold of a state: drafts carry client-only flags. */
const comparable = (s: AliasState) =>
  JSON.stringify([
    s.alias.map(({ isNew: _, ...a }) => a),
    s.productTypes.map(({ isNew: _, ...p }) => p),
    s.groups.map(({ isNew: _, rowId: __, ...g }) => g),
  ]);

export function useAliasDraft(companyCode: string | undefined, delayMs: number) {
  // One state for the company it was loaded for, so a company change shows nothing stale (loading until it comes).
  const [state, setState] = useState<{ company?: string; saved: AliasState; draft: AliasState }>({ saved: EMPTY, draft: EMPTY });
  const [error, setError] = useState<Error>();
  const [ready, setReady] = useState(delayMs === 0);
  const [version, setVersion] = useState(0);
  const { saved, draft } = state;
  const setSaved = (f: (s: AliasState) => AliasState) => setState((x) => ({ ...x, saved: f(x.saved) }));
  const setDraft = (f: AliasState | ((s: AliasState) => AliasState)) =>
    setState((x) => ({ ...x, draft: typeof f === 'function' ? f(x.draft) : f }));

  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [ready, delayMs]);

  useEffect(() => {
    if (!ready || !companyCode) return;
    let live = true;
    loadState(companyCode).then(
      (loaded) => live && (setState({ company: companyCode, saved: loaded, draft: loaded }), setError(undefined)),
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [ready, companyCode, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const loading = !ready || state.company !== companyCode;

  const dataTypes = useMemo(() => dataTypesOf(draft.groups.filter((g) => g.groupCode.trim())), [draft.groups]);
  const dirty = comparable(saved) !== comparable(draft);

  const edit = {
    addAlias: () =>
      setDraft((d) => ({
        ...d,
        alias: [
          ...d.alias,
          { index: nextAliasIndex(d.alias), name: '', type: 'STRING', key: false, chart: false, dataTypeLength: 10, isNew: true },
        ],
      })),
    changeAlias: (index: number, change: Partial<DraftAlias>) =>
      setDraft((d) => {
        let alias = d.alias.map((a) => (a.index === index ? { ...a, ...change } : a));
        if (change.key !== undefined) alias = withKey(alias, index, change.key);
        if (change.type !== undefined)
          alias = alias.map((a) => (a.index === index ? { ...a, dataTypeLength: dataTypeLengthFor(a.type, dataTypes) } : a));
        return { ...d, alias };
      }),
    /** Local for a new alias; a saved one is deleted on the server first (its list without it, renumbered). */
    deleteAlias: async (index: number) => {
      const target = draft.alias.find((a) => a.index === index);
      if (target && !target.isNew && companyCode) {
        const next = deleteAlias(saved.alias, saved.productTypes, index);
        await api.call(endpoints.aliasConfigSave, { body: { companyCode, alias: next.items.map(({ isNew: _, ...a }) => a) } });
        if (next.productTypes.length) {
          await api.call(endpoints.aliasProductTypeUpdate, {
            body: { companyCode, productTypes: next.productTypes.map(({ companyCode: _, isNew: __, ...p }) => p) },
          });
        }
        setSaved((s) => ({ ...s, alias: next.items, productTypes: next.productTypes }));
      }
      setDraft((d) => {
        const next = deleteAlias(d.alias, d.productTypes, index);
        return { ...d, alias: next.items, productTypes: next.productTypes };
      });
    },
    setProductTypes: (change: (types: ProductType[]) => ProductType[]) => setDraft((d) => ({ ...d, productTypes: change(d.productTypes) })),
    /** By position: a new row's code may be blank or repeat a saved one's. */
    deleteProductType: async (position: number) => {
      const type = draft.productTypes[position];
      if (type && !type.isNew && companyCode) {
        await api.call(endpoints.aliasProductTypeDelete, { params: { companyCode, code: type.code } });
        setSaved((s) => ({ ...s, productTypes: s.productTypes.filter((p) => p.code !== type.code) }));
      }
      setDraft((d) => ({ ...d, productTypes: d.productTypes.filter((_, i) => i !== position) }));
    },
    setGroups: (change: (groups: DraftGroup[]) => DraftGroup[]) => setDraft((d) => ({ ...d, groups: change(d.groups) })),
    newGroup: (): DraftGroup => ({ groupCode: '', groupName: '', index: draft.groups.length, elements: [], isNew: true, rowId: ++rowIds }),
    deleteGroup: async (group: DraftGroup) => {
      if (!group.isNew && companyCode) {
        await api.call(endpoints.customDataTypeDelete, { params: { companyCode, groupCode: group.groupCode } });
        setSaved((s) => ({ ...s, groups: s.groups.filter((g) => g.groupCode !== group.groupCode) }));
      }
      setDraft((d) => ({ ...d, groups: d.groups.filter((g) => g.rowId !== group.rowId) }));
    },
    /** An imported file replaces the draft; nothing is sent until Save. */
    importFile: (file: AliasFile) =>
      setDraft({
        alias: file.alias.map((a) => ({
          index: a.index,
          name: a.name,
          type: a.type,
          key: a.key,
          chart: a.chart ?? false,
          dataTypeLength: a.dataTypeLength ?? null,
          isNew: true,
        })),
        productTypes: (file.productTypes ?? []).map((p) => ({
          code: p.code,
          name: p.name,
          storeManagement: p.storeManagement ?? false,
          companyCode: companyCode ?? '',
          isNew: true,
          alias: p.alias.map((d) => ({ index: d.index, order: d.order, storeManagement: d.storeManagement ?? false })),
        })),
        groups: withRowIds(
          (file.customDataTypes ?? []).map((g, i) => ({
            groupCode: g.groupCode,
            groupName: g.groupName ?? '',
            index: g.index ?? i,
            elements: g.elements.map((e, j) => ({ code: e.code, codeName: e.codeName ?? '', index: e.index ?? j })),
          })),
          true,
        ),
      }),
  };

  /**
   * Save everything (console-admin §5): blank groups, elements and aliases dropped (a dropped alias renumbers like a
   * deletion); groups first, as aliases take them as types. Throws `ProductTypeIncomplete` before sending anything.
   */
  const save = async () => {
    if (!companyCode) return;
    const { items, productTypes } = dropBlankAliases(draft.alias, draft.productTypes);
    if (productTypes.some((p) => !p.code.trim() || !p.name.trim())) throw new ProductTypeIncomplete();
    const groups = dropBlankGroups(draft.groups);
    if (groups.length) await api.call(endpoints.customDataTypeUpdate, { body: { companyCode, groups } });
    const types = dataTypesOf(groups);
    await api.call(endpoints.aliasConfigSave, {
      body: {
        companyCode,
        alias: items.map((a) => ({
          index: a.index,
          name: a.name.trim(),
          type: a.type,
          key: a.key,
          chart: a.chart,
          dataTypeLength: dataTypeLengthFor(a.type, types, a.dataTypeLength),
        })),
      },
    });
    if (productTypes.length) {
      await api.call(endpoints.aliasProductTypeUpdate, {
        body: {
          companyCode,
          productTypes: productTypes.map((p) => ({
            code: p.code.trim(),
            name: p.name.trim(),
            storeManagement: p.storeManagement,
            alias: p.alias,
          })),
        },
      });
    }
    reload();
  };

  return { draft, saved, save, loading, error, dirty, dataTypes, reload, edit };
}
