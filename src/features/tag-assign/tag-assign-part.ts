import { ApiFailure } from '../../platform/contract-client';

/** What each part (segment) of the tag assign modal gets. */
export interface AssignPartProps {
  storeCode: string;
  /** Something was assigned (or queued): the parent refreshes when the modal closes. */
  onAssigned(): void;
}

/** Multi and file assign are direct calls: without a network they fail at once instead of waiting. */
export const isOffline = (error?: unknown) =>
  (typeof navigator !== 'undefined' && !navigator.onLine) || (error instanceof ApiFailure && error.network);
