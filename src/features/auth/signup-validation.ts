/*
 * Signup checks of console-core §5, in the spec's order: the first failing one is reported, its field gets
 * focus. Required fields are judged trimmed; the two passwords are compared as typed, because the password
 * is sent as typed and login compares it as typed.
 */
export interface SignupForm {
  email: string;
  name: string;
  phone: string;
  password: string;
  retype: string;
  agreement: boolean;
}
export type SignupField = keyof SignupForm;

/** Keys of locales/<lang>/auth.json, under signup.validation. */
export type SignupMessage =
  'emailRequired' | 'nameRequired' | 'phoneRequired' | 'passwordRequired' | 'retypeRequired' | 'mismatch' | 'agree';

export interface SignupProblem {
  field: SignupField;
  message: SignupMessage;
}

const REQUIRED: [SignupField, SignupMessage][] = [
  ['email', 'emailRequired'],
  ['name', 'nameRequired'],
  ['phone', 'phoneRequired'],
  ['password', 'passwordRequired'],
  ['retype', 'retypeRequired'],
];

export function validateSignup(form: SignupForm): SignupProblem | undefined {
  for (const [field, message] of REQUIRED) if (!String(form[field]).trim()) return { field, message };
  if (form.password !== form.retype) return { field: 'retype', message: 'mismatch' };
  if (!form.agreement) return { field: 'agreement', message: 'agree' };
  return undefined;
}

/** The signup call's body (console-core §2 Signup: name, email, mobile, password). */
// spec: core §2.23 — payload name, email, mobile, password
export function signupPayload(form: SignupForm) {
  return { name: form.name.trim(), email: form.email.trim(), mobile: form.phone.trim(), password: form.password };
}
