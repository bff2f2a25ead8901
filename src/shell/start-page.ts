import { HOME_PATH, findRoute } from './routes';
import { menuFor, mayOpen } from './route-access';
import { canWrite, type Session } from '../platform/session';

/*
 * Where a member lands after login and on an unknown address (issue 10 §8): their own choice if they made one
 * (kept per member in this browser, from the account menu), else by their work — a member whose writes are all
 * scanning work lands on the scan screen, everyone else on the dashboard — else the first screen they may open.
 */

export const SCAN_PATH = '/scan';
const SCANNING_SECTIONS = new Set(['tag', 'product', 'plus']);
const choiceKey = (session: Session) => `shelfpad.startPage.${session.email}`;

/** Store staff: not an admin, writes tags, and writes nothing but scanning work (tags, products, Plus devices). */
export function worksByScanning(session: Session): boolean {
  if (session.role_id === -1 || session.role_id === 0) return false;
  const written = session.privilege.filter((p) => p.write).map((p) => p.key);
  return canWrite(session, 'tag') && written.every((key) => SCANNING_SECTIONS.has(key));
}

export function chosenStartPage(session: Session): string | undefined {
  // No storage outside a browser (unit tests run the guard as it is): then there is no choice.
  if (typeof localStorage === 'undefined') return undefined;
  return localStorage.getItem(choiceKey(session)) ?? undefined;
}

/** Undefined forgets the choice: the start page follows the member's work again. */
export function chooseStartPage(session: Session, path: string | undefined): void {
  if (path) localStorage.setItem(choiceKey(session), path);
  else localStorage.removeItem(choiceKey(session));
}

export function startPath(session: Session): string {
  const candidates = [chosenStartPage(session), worksByScanning(session) ? SCAN_PATH : undefined, HOME_PATH];
  for (const path of candidates) {
    const route = path ? findRoute(path) : undefined;
    if (route && mayOpen(route, session)) return path!;
  }
  return menuFor(session)[0]?.path ?? HOME_PATH;
}
