/*
 * Checks of the password change (account modal and the forced change after login). The spec quotes only the
 * mismatch text ('Confirm Password does not match!', console-core §5); the required-field texts follow the
 * spec's 'Enter …, please!' pattern. Keys of locales/<lang>/auth.json under password.validation.
 */
export interface PasswordChangeForm {
  current: string;
  next: string;
  confirm: string;
}
export type PasswordChangeField = keyof PasswordChangeForm;
export type PasswordChangeMessage = 'currentRequired' | 'newRequired' | 'confirmRequired' | 'mismatch' | 'same';

export function validatePasswordChange(
  form: PasswordChangeForm,
): { field: PasswordChangeField; message: PasswordChangeMessage } | undefined {
  if (!form.current.trim()) return { field: 'current', message: 'currentRequired' };
  if (!form.next.trim()) return { field: 'next', message: 'newRequired' };
  if (!form.confirm.trim()) return { field: 'confirm', message: 'confirmRequired' };
  if (form.next !== form.confirm) return { field: 'confirm', message: 'mismatch' };
  // The server refuses it too; saying so before the call saves a round trip.
  if (form.next === form.current) return { field: 'next', message: 'same' };
  return undefined;
}
