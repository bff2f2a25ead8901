import { HOME_PATH, LOGIN_PATH, findRoute } from './routes';
import { mayOpen, menuFor } from './route-access';
import type { Session } from '../platform/session';
import { startPath } from './start-page';

/* The guard's rule, apart from the access rules it builds on (route-access.ts) and the start page (start-page.ts). */

/**
 * Where a location must go instead, or undefined to stay (console-core §2): unknown paths → the dashboard;
 * protected routes without a session → login with `next`; a route the member may not read → the dashboard, or
 * the first menu route they may read. With nothing readable at all the member stays and sees the no-access page.
 */
// spec: core §2.0a — unknown paths to the dashboard, protected routes to login
// spec: admin §2.0a — all routes require an authenticated user
export function guardRedirect(pathname: string, search: string, session: Session | undefined): string | undefined {
  const route = findRoute(pathname);
  // Unknown addresses (and '/', where login goes without a next) lead to the member's start page.
  if (!route) return session ? startPath(session) : HOME_PATH;
  if (route.privilege === 'public') return undefined;
  if (!session) return `${LOGIN_PATH}?next=${encodeURIComponent(pathname + search)}`;
  if (mayOpen(route, session)) return undefined;
  const home = findRoute(HOME_PATH);
  const target = home && mayOpen(home, session) ? home : menuFor(session)[0];
  return target && target.path !== pathname ? target.path : undefined;
}
