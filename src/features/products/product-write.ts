import { ApiFailure } from '../../platform/contract-client';
import { NO_MATCHING_TAGS } from '../../../contract/schemas/constants-admin';
import type { ProductInput } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';

/** The error text "no matching tags" on update, LED or page control is not an error (console-admin §4). */
// spec: admin §4.6 — "no matching tags" closes normally, not an error
export const isNoMatchingTags = (error: unknown) => error instanceof ApiFailure && error.message === NO_MATCHING_TAGS;

/** Runs a product write; "no matching tags" counts as done. Other failures are thrown for the caller's dialog. */
export async function closingOnNoMatch<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isNoMatchingTags(error)) return undefined;
    throw error;
  }
}

/** Create and update go the same way (console-admin §7): taskId and priorTaskId -1, the products of one store. */
export const sendProductUpdate = (storeCode: string, productList: ProductInput[]) =>
  api.call(endpoints.productUpdate, { body: { taskId: -1, priorTaskId: -1, storeCode, productList } });

/** Whether the store has this product already (the create flow asks before overwriting it). */
export async function productExists(storeCode: string, prCode: string): Promise<boolean> {
  try {
    await api.call(endpoints.productGet, { params: { storeCode, prCode } });
    return true;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return false;
    throw error;
  }
}
