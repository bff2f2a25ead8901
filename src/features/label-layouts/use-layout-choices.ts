import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';

/**
 * The layout ids a company has configured (/setting/layout-config), as choices of a select — with the current
 * value kept when it is not among them, so that an older product's layout is never silently changed. Empty while
 * loading or when the company has none: the caller then offers a free text field.
 */
// spec: core §7.9 — layout config count (none: free text) and layout names (the choices), by the store's company
export function useLayoutChoices(companyCode: string | undefined, current = ''): { value: string; label: string }[] {
  const list = useCall(endpoints.layoutConfigList, companyCode ? { params: { companyCode } } : null, { revalidateOnFocus: false });
  const configs = list.data ?? [];
  if (!configs.length) return [];
  const choices = configs.map((c) => ({ value: c.layoutId, label: `${c.layoutId} (${c.layoutType})` }));
  return current && !configs.some((c) => c.layoutId === current) ? [{ value: current, label: current }, ...choices] : choices;
}
