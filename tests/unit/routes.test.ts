import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRIVILEGE_SECTIONS } from '../../contract/endpoints/define';
import { guardRedirect } from '../../src/shell/guard-redirect';
import { mayOpen, menuFor } from '../../src/shell/route-access';
import { startPath, worksByScanning } from '../../src/shell/start-page';
import type { Session } from '../../src/platform/session';
import { HOME_PATH, LOGIN_PATH, MENU_ROUTES, ROUTES, findRoute, resolvePath } from '../../src/shell/routes';

/** A session as the server answers it, with the given role and privileges. */
function sessionOf(role_id: number, privilege: Session['privilege'] = []): Session {
  return {
    accessToken: 't'.repeat(43),
    email: 'someone@shelfpad.test',
    name: 'Someone',
    role_id,
    privilege,
    systemConfig: { site: 'standard', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: false },
    companyInfo: { ACME: 'Acme' },
    store: ['TKY001'],
    forceChange: false,
    weakPwd: false,
    expireSoon: false,
    authenticated: true,
  };
}

const superAdmin = sessionOf(-1);
const viewer = sessionOf(
  7,
  PRIVILEGE_SECTIONS.map((key) => ({ key, read: true, write: false })),
);
const nobody = sessionOf(8, []);

const layoutOf = (language: string) => JSON.parse(readFileSync(`locales/${language}/layout.json`, 'utf8'));

describe('the route table', () => {
  it('has unique paths', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  // spec: admin §2.0a — every admin route requires an authenticated user
  it('leaves only login and signup public; every other route needs a session or a read privilege', () => {
    expect(
      ROUTES.filter((r) => r.privilege === 'public')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/login', '/signup']);
    for (const route of ROUTES) {
      const access = route.privilege;
      if (access === 'public' || access === 'session') continue;
      expect(PRIVILEGE_SECTIONS, route.path).toContain(access.section);
      expect(access.need, route.path).toBe('read');
    }
  });

  it('builds the menu from exactly the routes that declare a menu entry, in table order', () => {
    expect(MENU_ROUTES.map((r) => r.path)).toEqual(ROUTES.filter((r) => r.menu).map((r) => r.path));
    expect(MENU_ROUTES.some((r) => r.privilege === 'public')).toBe(false);
  });

  it('labels every menu entry and group in all three languages', () => {
    for (const language of ['en_US', 'ja_JP', 'ko_KR']) {
      const layout = layoutOf(language);
      for (const route of MENU_ROUTES) {
        expect(layout.menu.items[route.menu.labelKey], `${language} ${route.path}`).toBeTruthy();
        if (route.menu.group) expect(layout.menu.groups[route.menu.group], `${language} ${route.path}`).toBeTruthy();
      }
    }
  });

  it('resolves unknown paths to the dashboard', () => {
    expect(resolvePath('/no/such/screen')).toBe(HOME_PATH);
    expect(resolvePath('/')).toBe(HOME_PATH);
    expect(resolvePath('/dashboard')).toBe('/dashboard');
    expect(findRoute('/dashboard/extra')).toBeUndefined();
    expect(guardRedirect('/no/such/screen', '', superAdmin)).toBe(HOME_PATH);
    expect(guardRedirect('/no/such/screen', '', undefined)).toBe(HOME_PATH);
  });
});

describe('the guard', () => {
  it('sends a protected route without a session to login, carrying the path and query in next', () => {
    expect(guardRedirect('/dashboard', '?store=TKY001', undefined)).toBe(
      `${LOGIN_PATH}?next=${encodeURIComponent('/dashboard?store=TKY001')}`,
    );
  });

  it('lets login and signup open without a session, and with one', () => {
    for (const session of [undefined, superAdmin]) {
      expect(guardRedirect('/login', '?next=%2Fdashboard', session)).toBeUndefined();
      expect(guardRedirect('/signup', '', session)).toBeUndefined();
    }
  });

  it('opens a route whose read privilege the member has', () => {
    expect(guardRedirect('/dashboard', '', superAdmin)).toBeUndefined();
    expect(guardRedirect('/dashboard', '', viewer)).toBeUndefined();
  });

  it('keeps a member without any readable route on the page (the no-access notice) instead of looping', () => {
    expect(guardRedirect('/dashboard', '', nobody)).toBeUndefined();
    expect(mayOpen(findRoute('/dashboard')!, nobody)).toBe(false);
  });

  it('gates the menu by read privileges', () => {
    expect(menuFor(superAdmin).map((r) => r.path)).toEqual(MENU_ROUTES.map((r) => r.path));
    expect(menuFor(viewer).map((r) => r.path)).toEqual(MENU_ROUTES.map((r) => r.path));
    expect(menuFor(nobody)).toEqual([]);
    expect(menuFor(undefined)).toEqual([]);
    const dashboardOnly = sessionOf(9, [{ key: 'dashboard', read: true, write: false }]);
    expect(menuFor(dashboardOnly).map((r) => r.path)).toEqual(['/dashboard']);
  });
});

describe('the layout translations', () => {
  const keysOf = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

  it('have the same keys in every language, none empty', () => {
    const english = keysOf(layoutOf('en_US')).sort();
    for (const language of ['ja_JP', 'ko_KR']) {
      const layout = layoutOf(language);
      expect(keysOf(layout).sort(), language).toEqual(english);
      for (const key of english)
        expect(
          key.split('.').reduce((v, k) => v[k], layout),
          `${language} ${key}`,
        ).not.toBe('');
    }
  });
});

describe('start page (issue 10 §8)', () => {
  const operator = sessionOf(5, [
    { key: 'dashboard', read: true, write: false },
    { key: 'tag', read: true, write: true },
    { key: 'product', read: true, write: true },
  ]);
  const manager = sessionOf(6, [
    { key: 'dashboard', read: true, write: false },
    { key: 'tag', read: true, write: true },
    { key: 'store', read: true, write: true },
  ]);
  it('sends a member whose writes are all scanning work to /scan, others to the dashboard', () => {
    expect(worksByScanning(operator)).toBe(true);
    expect(startPath(operator)).toBe('/scan');
    expect(guardRedirect('/', '', operator)).toBe('/scan');
    expect(worksByScanning(manager)).toBe(false);
    expect(startPath(manager)).toBe(HOME_PATH);
    expect(startPath(sessionOf(-1))).toBe(HOME_PATH);
  });
});
