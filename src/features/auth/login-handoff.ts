import type { LoginAnswer } from '../../../contract/schemas/auth';

/*
 * What the lean login screen (lean/lean-login-app.tsx) leaves for the console when it hands over: a login answer
 * whose next step needs the console (a session, a modal, a weak-password prompt, the notice and the way on), or the
 * find-password modal the member asked for. The console's login page takes it once, on mount, and goes on from there.
 */
export type LoginHandoff = { kind: 'answer'; answer: LoginAnswer } | { kind: 'findPassword'; email: string };

let pending: LoginHandoff | undefined;

export function handOffLogin(handoff: LoginHandoff): void {
  pending = handoff;
}

/** The handoff waiting, if any; read while rendering, so it stays until takeLoginHandoff(). */
export const peekLoginHandoff = (): LoginHandoff | undefined => pending;

/** The handoff, once: a later visit to the login page starts afresh. */
export function takeLoginHandoff(): void {
  pending = undefined;
}
