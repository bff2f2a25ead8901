import { describe, expect, it } from 'vitest';
import { signupPayload, validateSignup, type SignupForm } from '../../src/features/auth/signup-validation';
import en from '../../locales/en_US/auth.json';

const FULL: SignupForm = {
  email: 'pat@shelfpad.test',
  name: 'Pat',
  phone: '+81 3 0000',
  password: 'Secret#2026',
  retype: 'Secret#2026',
  agreement: true,
};
const text = (form: SignupForm) => {
  const problem = validateSignup(form);
  return problem && { field: problem.field, message: en.signup.validation[problem.message] };
};

describe('signup validation (console-core §5)', () => {
  it('reports the checks in the spec order, filling the form field by field', () => {
    const form: SignupForm = { email: '', name: '', phone: '', password: '', retype: '', agreement: false };
    const seen: ReturnType<typeof text>[] = [];
    seen.push(text(form));
    form.email = FULL.email;
    seen.push(text(form));
    form.name = FULL.name;
    seen.push(text(form));
    form.phone = FULL.phone;
    seen.push(text(form));
    form.password = FULL.password;
    seen.push(text(form));
    form.retype = 'different';
    seen.push(text(form));
    form.retype = FULL.retype;
    seen.push(text(form));
    form.agreement = true;
    seen.push(text(form));
    expect(seen).toEqual([
      { field: 'email', message: 'Enter Email, please!' },
      { field: 'name', message: 'Enter Name, please!' },
      { field: 'phone', message: 'Enter Phone, please!' },
      { field: 'password', message: 'Enter Password, please!' },
      { field: 'retype', message: 'Retype Password, please!' },
      { field: 'retype', message: 'Password doe not match!' },
      { field: 'agreement', message: 'Agree!' },
      undefined,
    ]);
  });

  it('judges required fields trimmed: blanks count as empty', () => {
    expect(text({ ...FULL, email: '   ' })?.message).toBe('Enter Email, please!');
    expect(text({ ...FULL, name: '\t' })?.message).toBe('Enter Name, please!');
    expect(text({ ...FULL, phone: ' ' })?.message).toBe('Enter Phone, please!');
    expect(text({ ...FULL, password: '  ', retype: '  ' })?.message).toBe('Enter Password, please!');
    expect(text({ ...FULL, retype: ' ' })?.message).toBe('Retype Password, please!');
  });

  it('an earlier failure wins over a later one', () => {
    expect(text({ ...FULL, name: '', agreement: false, retype: 'x' })?.field).toBe('name');
    expect(text({ ...FULL, retype: 'x', agreement: false })?.message).toBe('Password doe not match!');
  });

  // spec: core §2.23 — signup payload name, email, mobile, password
  it('sends name, email, mobile and password, trimming all but the password', () => {
    expect(signupPayload({ ...FULL, email: ' pat@shelfpad.test ', name: ' Pat ', phone: ' 123 ', password: ' Secret#2026' })).toEqual({
      name: 'Pat',
      email: 'pat@shelfpad.test',
      mobile: '123',
      password: ' Secret#2026',
    });
  });
});
