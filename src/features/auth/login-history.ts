import type { LoginHistory } from '../../../contract/schemas/members';

/** console-admin §9: histories show 25 rows, newest first (the server's default order of this table). */
export const LOGIN_HISTORY_PAGE_SIZE = 25;

export type LoginResult = 'LOGIN' | 'LOGOUT' | 'FAILURE';
/** console-core §4: login history results LOGIN, LOGOUT, FAILURE. */
// spec: core §4.5 — login history results LOGIN, LOGOUT, FAILURE
export const loginResult = (row: Pick<LoginHistory, 'type' | 'success'>): LoginResult =>
  !row.success ? 'FAILURE' : row.type === 1 ? 'LOGOUT' : 'LOGIN';
