import type { TFunction } from 'i18next';
import type { ChangeHistoryRow } from '../../../contract/schemas/settings';
import { CHANGE_CATEGORIES, type ChangeCategory, type EndpointDef } from '../../../contract/endpoints/define';
import type { RowTone } from '../../ui/data-table';

/** plus-signage §2.8: rows are blue, orange for Upload, red for Delete. */
export function changeTone(row: Pick<ChangeHistoryRow, 'operation'>): RowTone {
  if (row.operation === 'Delete') return 'danger';
  if (row.operation === 'Upload') return 'warning';
  return 'info';
}

/** The server's owner of what no company owns (server/repos/changes.ts). */
const SYSTEM = 'SYSTEM';

/** A company or store of SYSTEM is shown as a translated label; an unknown one as a dash. */
export const ownerLabel = (t: TFunction<'settings'>, value: string) => (value === SYSTEM ? t('changes.system') : value || '-');

export const isCategory = (value: string): value is ChangeCategory => (CHANGE_CATEGORIES as readonly string[]).includes(value);

export const categoryLabel = (t: TFunction<'settings'>, value: string) => (isCategory(value) ? t(`changes.categories.${value}`) : value);

/** The recorded operations (server/lib/change-record.ts: Delete, Upload, Create or the endpoint name's verb). */
export const OPERATIONS = [
  'Activate',
  'All',
  'Assign',
  'Blink',
  'Check',
  'Create',
  'Deassign',
  'Delete',
  'Finish',
  'Individual',
  'Led',
  'Mode',
  'Move',
  'Multiple',
  'Page',
  'Password',
  'Predefined',
  'Reassign',
  'Reboot',
  'Refresh',
  'Reset',
  'Revert',
  'Save',
  'Set',
  'Signup',
  'Stop',
  'Sync',
  'Unlock',
  'Unset',
  'Update',
  'Upload',
  'View',
] as const;
export const METHODS = ['POST', 'PUT', 'DELETE'] as const;

const isOperation = (value: string): value is (typeof OPERATIONS)[number] => (OPERATIONS as readonly string[]).includes(value);
const isMethod = (value: string): value is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(value);

/** The operation in the member's language (issue 31.14); one the list does not know stays as recorded. */
export const operationLabel = (t: TFunction<'settings'>, value: string) => (isOperation(value) ? t(`changes.operations.${value}`) : value);

/** The HTTP method as a word ("Send", "Change", "Remove") rather than POST / PUT / DELETE (issue 31.6). */
export const methodLabel = (t: TFunction<'settings'>, value: string) => (isMethod(value) ? t(`changes.methods.${value}`) : value);

/**
 * What a change's address names, in words: the values in the path that the call's declaration marks as parameters
 * (a store code, a MAC, an e-mail), or — for a call without any — its category. The address itself stays in the
 * cell's title for whoever needs it.
 */
export function pathWords(
  t: TFunction<'settings'>,
  row: Pick<ChangeHistoryRow, 'method' | 'path' | 'category'>,
  defs: readonly EndpointDef[],
): string {
  const values = pathParams(row.method, row.path, defs);
  return values.length ? values.join(' · ') : categoryLabel(t, row.category);
}

function pathParams(method: string, path: string, defs: readonly EndpointDef[]): string[] {
  let best: string[] | undefined;
  for (const def of defs) {
    if (def.method !== method) continue;
    const pattern = new RegExp(`^${def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '([^/]+)')}$`);
    const m = pattern.exec(path);
    // A fixed path (/config/store) wins over a pattern that would also take it (/config/:storeCode).
    if (m && (!best || m.length - 1 < best.length)) best = m.slice(1).map((v) => safeDecode(v));
  }
  return best ?? [];
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};
