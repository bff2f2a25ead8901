import { describe, expect, it } from 'vitest';
import { classifyLoginAnswer, safeNext, safeRedirect } from '../../src/features/auth/login-flow';
import { validatePasswordChange } from '../../src/features/auth/password-change-validation';
import { loginResult } from '../../src/features/auth/login-history';
import { formatDateTime } from '../../src/ui/format-time';

const BASE = 'https://console.example/#/login';
const session = {
  accessToken: 'tok',
  email: 'a@b.c',
  systemConfig: { site: '', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: false },
};

describe('login answers (console-core §2 Login, NOTES.md 2)', () => {
  it('treats the older 200 answer with code ≥ 0 as a Login Error', () => {
    expect(classifyLoginAnswer({ code: 0, message: 'Bad' }, BASE)).toEqual({ kind: 'error', message: 'Bad' });
    expect(classifyLoginAnswer({ code: 3 }, BASE)).toEqual({ kind: 'error', message: undefined });
    // A negative code is not a failure in that form.
    expect(classifyLoginAnswer({ ...session, code: -1 }, BASE).kind).toBe('success');
  });

  it('needs a token and systemConfig to count as a session', () => {
    expect(classifyLoginAnswer({ email: 'a@b.c' }, BASE).kind).toBe('error');
    expect(classifyLoginAnswer({ ...session, systemConfig: undefined }, BASE).kind).toBe('error');
  });

  // spec: core §2.20
  it('orders createCompany, redirect and forceChange before success', () => {
    expect(classifyLoginAnswer({ ...session, createCompany: true, forceChange: true }, BASE)).toEqual({ kind: 'createCompany' });
    expect(classifyLoginAnswer({ ...session, redirect: 'https://acme.example/', forceChange: true }, BASE)).toEqual({
      kind: 'redirect',
      url: 'https://acme.example/',
    });
    expect(classifyLoginAnswer({ ...session, forceChange: true, weakPwd: true }, BASE)).toEqual({ kind: 'forceChange' });
    expect(classifyLoginAnswer({ ...session, weakPwd: true, expireSoon: true }, BASE)).toEqual({
      kind: 'success',
      weakPwd: true,
      expireSoon: true,
    });
  });

  it('follows only http(s) redirects', () => {
    expect(safeRedirect('javascript:alert(1)', BASE)).toBeUndefined();
    expect(safeRedirect('/other/', BASE)).toBe('https://console.example/other/');
    expect(classifyLoginAnswer({ ...session, redirect: 'javascript:alert(1)' }, BASE).kind).toBe('success');
  });
});

describe('next after login', () => {
  it('keeps internal paths with their query', () => {
    expect(safeNext('/dashboard', '/home')).toBe('/dashboard');
    expect(safeNext('/store/detail/TKY001?viewType=map', '/home')).toBe('/store/detail/TKY001?viewType=map');
    expect(safeNext('#/tag', '/home')).toBe('/tag');
  });

  it('never leaves the app, nor loops back to the auth pages', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'dashboard',
      '/login',
      '/login?next=%2Fx',
      '/signup',
      '/x\n',
    ]) {
      expect(safeNext(bad, '/home'), String(bad)).toBe('/home');
    }
    expect(safeNext('/loginhelp', '/home')).toBe('/loginhelp');
  });
});

describe('password change checks', () => {
  const ok = { current: 'Old#Pass1', next: 'New#Pass2', confirm: 'New#Pass2' };
  it('asks for each field in order, then a matching, different new password', () => {
    expect(validatePasswordChange({ ...ok, current: ' ' })).toEqual({ field: 'current', message: 'currentRequired' });
    expect(validatePasswordChange({ ...ok, next: '' })).toEqual({ field: 'next', message: 'newRequired' });
    expect(validatePasswordChange({ ...ok, confirm: '' })).toEqual({ field: 'confirm', message: 'confirmRequired' });
    expect(validatePasswordChange({ ...ok, confirm: 'New#Pass3' })).toEqual({ field: 'confirm', message: 'mismatch' });
    expect(validatePasswordChange({ current: 'Same#1', next: 'Same#1', confirm: 'Same#1' })).toEqual({ field: 'next', message: 'same' });
    expect(validatePasswordChange(ok)).toBeUndefined();
  });
});

describe('login history rows', () => {
  // spec: core §4.5 — login history results LOGIN, LOGOUT, FAILURE
  it('names results LOGIN, LOGOUT and FAILURE (console-core §4)', () => {
    expect(loginResult({ type: 0, success: true })).toBe('LOGIN');
    expect(loginResult({ type: 1, success: true })).toBe('LOGOUT');
    expect(loginResult({ type: 0, success: false })).toBe('FAILURE');
  });

  // spec: core §9.8 — date format yyyy-mm-dd hh:ii:ss
  it('shows times as yyyy-mm-dd hh:ii:ss in the local time zone', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDateTime(d.toISOString())).toBe('2026-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
