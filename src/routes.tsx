import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { barcodeOutline, cloudUploadOutline, gridOutline } from 'ionicons/icons';
import type { PrivilegeSection } from './api/endpoints/define';
import type layout from '../locales/en_US/layout.json';

/*
 * THE route table (DESIGN.md §1): the router, the sidebar menu and the tests all read it. Only screens that exist
 * are listed — a route appears here together with its page, never as a placeholder.
 */

/** Who may open a route: nobody signed in (login, signup), any member, or members with a read privilege. */
export type RouteAccess = 'public' | 'session' | { section: PrivilegeSection; need: 'read' };

export interface MenuEntry {
  /** Typed against the en_US layout file: a missing label fails the type check. */
  labelKey: keyof typeof layout.menu.items;
  /** An ionicons/icons export. */
  icon: string;
  group?: keyof typeof layout.menu.groups;
}

export interface AppRoute {
  /** React Router 6 pattern, absolute. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  privilege: RouteAccess;
  menu?: MenuEntry;
  /** A one-tap button in the header on phones (the handheld scan screen). */
  phoneQuickAccess?: boolean;
}

export const LOGIN_PATH = '/login';
/** Where unknown paths lead, and the landing page after login (console-core §2). */
export const HOME_PATH = '/dashboard';

export const ROUTES: readonly AppRoute[] = [
  { path: LOGIN_PATH, page: lazy(() => import('./features/auth/login-page')), privilege: 'public' },
  { path: '/signup', page: lazy(() => import('./features/auth/signup-page')), privilege: 'public' },
  {
    path: HOME_PATH,
    page: lazy(() => import('./features/dashboard/dashboard-page')),
    privilege: { section: 'dashboard', need: 'read' },
    menu: { labelKey: 'dashboard', icon: gridOutline, group: 'monitoring' },
  },
  {
    path: '/scan',
    page: lazy(() => import('./features/scan/scan-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'scan', icon: barcodeOutline, group: 'handheld' },
    phoneQuickAccess: true,
  },
  {
    path: '/scan/queue',
    page: lazy(() => import('./features/scan/queue-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'scanQueue', icon: cloudUploadOutline, group: 'handheld' },
  },
];

/** The route a path opens, or none (the guard then sends the user to HOME_PATH). */
export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** The path a location ends up on before privileges are considered: unknown paths become the dashboard. */
export const resolvePath = (pathname: string): string => (findRoute(pathname) ? pathname : HOME_PATH);

/** The menu, in table order: exactly the routes that declare a menu entry. */
export const MENU_ROUTES: readonly (AppRoute & { menu: MenuEntry })[] = ROUTES.filter((r): r is AppRoute & { menu: MenuEntry } => Boolean(r.menu));
