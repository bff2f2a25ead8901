import { MENU_ROUTES, type AppRoute } from './routes';
import { canRead, type Session } from '../platform/session';

/* The access rules of the route table, free of React rendering so that unit tests run them as they are. */

/** Whether a member may open a route: public routes always, the others with a session and their read privilege. */
export function mayOpen(route: AppRoute, session: Session | undefined): boolean {
  if (route.privilege === 'public') return true;
  if (!session) return false;
  return route.privilege === 'session' || canRead(session, route.privilege.section);
}

/** The menu a member sees: menu routes gated by read privileges. */
export const menuFor = (session: Session | undefined) => MENU_ROUTES.filter((route) => mayOpen(route, session));
