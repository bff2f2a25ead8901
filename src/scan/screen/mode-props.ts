import { ApiFailure } from '../../platform/contract-client';
import { tagsEndpoints } from '../../../contract/endpoints/tags';
import { api } from '../../platform/api';
import { offlineLayer } from '../../offline/lazy';
import type { ScanLog } from './use-scan-log';

export interface ModeProps {
  storeCode: string;
  log: ScanLog;
}

/**
 * Move the cursor to the next field only when the user is already in one of the scan fields: focusing an input
 * on a phone that was scanning "into nothing" would pop the soft keyboard over the log for no reason.
 */
export function followFocus(next: HTMLInputElement | null): void {
  if (next && document.activeElement?.closest('[data-scan-field]')) next.focus();
}

/**
 * Whether the store has the product: the offline copy first; while the store has no copy yet (its first download
 * is still running) the server is asked. undefined = cannot tell (offline without a copy): the outbox and the
 * server decide.
 */
export async function productExists(storeCode: string, prCode: string): Promise<boolean | undefined> {
  const known = await (await offlineLayer()).knownProduct(storeCode, prCode);
  if (known !== undefined) return known;
  try {
    await api.call(tagsEndpoints.productByCode, { params: { storeCode, prCode } });
    return true;
  } catch (error) {
    return error instanceof ApiFailure && error.status === 404 ? false : undefined;
  }
}
