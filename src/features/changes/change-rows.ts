import type { TFunction } from 'i18next';
import type { ChangeHistoryRow } from '../../api/contract/settings';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../../api/endpoints/define';
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

/** The items as text: what the change touched, as the server recorded it (never markup). */
export const itemsText = (items: unknown): string => (typeof items === 'string' ? items : JSON.stringify(items ?? ''));
