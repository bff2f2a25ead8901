import type { AliasItem } from '../../../contract/schemas/settings-alias';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

/**
 * The store of a product screen (its name and company) and the company's alias items, which name the product
 * info slots and flag the chart fields. A failed load logs out (console-admin §6).
 */
export function useProductStore(storeCode: string) {
  const store = useCall(endpoints.statusStore, { params: { storeCode } });
  useLogoutOnLoadFailure(store.error);
  const companyCode = store.data?.companyCode;
  // spec: core §7.9 — alias config by company: names the product info slots
  const alias = useCall(endpoints.aliasConfig, companyCode ? { params: { companyCode } } : null);
  return { store: store.data, companyCode, alias: alias.data ?? [] };
}

/** The label of an info slot: its alias name, else its number. */
export const slotLabel = (alias: readonly AliasItem[], index: number) => alias.find((a) => a.index === index)?.name ?? `#${index + 1}`;
