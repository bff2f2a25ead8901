import { ApiFailure } from '../../platform/contract-client';

/**
 * console-admin §8: "Member, role and account save failures without message still close the dialog and then
 * show the error". A failure with the server's message keeps the dialog open, so the entry can be corrected.
 */
// spec: admin §8.4 — a save failure without a message closes the dialog first
export const closesDialog = (error: unknown): boolean => !(error instanceof ApiFailure && error.fromServer);
