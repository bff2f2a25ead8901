import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Route, useLocation, useNavigate } from 'react-router-dom';
import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { LOGIN_PATH, ROUTES, findRoute } from '../routes';
import { PageChromeContext, type PageChrome } from '../../ui/page';
import { endSession } from '../../features/auth/logout';
import { useCollecting } from '../../platform/collecting';
import { RouteElement, useRouteGuard, useSessionCheck } from '../guard';
import { PathAccess } from '../../platform/path-access';
import { mayOpen } from '../route-access';
import { useSession } from '../../platform/session';
import { HeaderActions } from './header-actions';
import { CONTENT_ID, ShellContext, type ShellState } from '../../platform/shell-context';
import { SideMenu } from './side-menu';
import { SidebarToggle } from './sidebar-toggle';

// Opened rarely: loaded on first use rather than with the shell.
const AccountModal = lazy(() => import('../../features/auth/account-modal').then((m) => ({ default: m.AccountModal })));
const LoginHistoryModal = lazy(() => import('../../features/auth/login-history-modal').then((m) => ({ default: m.LoginHistoryModal })));

/** A desktop member who hid the sidebar finds it hidden on the next visit too (our choice). */
const SIDEBAR_KEY = 'shelfpad.sidebarHidden';

type ModalName = 'account' | 'loginHistory';

const chrome: PageChrome = { start: <SidebarToggle />, end: <HeaderActions /> };

/**
 * The layout around every route (console-core §2): split pane with the sidebar on a desktop (≥ 992 px, Ionic's
 * 'lg'), a menu drawer on a phone, each page's header filled from here. Login and signup get neither header nor
 * sidebar: the menu is disabled there and those pages draw their own.
 */
export function Shell() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useRouteGuard();
  useSessionCheck();

  const route = findRoute(pathname);
  const chromeless = !session || !route || route.privilege === 'public';

  const [sidebarHidden, setSidebarHidden] = useState(() => localStorage.getItem(SIDEBAR_KEY) === '1');
  const toggleSidebar = useCallback(() => {
    setSidebarHidden((hidden) => {
      localStorage.setItem(SIDEBAR_KEY, hidden ? '0' : '1');
      return !hidden;
    });
  }, []);

  // A modal once opened stays mounted, so that closing it plays Ionic's dismiss animation.
  const [modal, setModal] = useState<ModalName | undefined>();
  const [mounted, setMounted] = useState<ReadonlySet<ModalName>>(new Set());
  const openModal = useCallback((name: ModalName) => {
    setMounted((set) => new Set(set).add(name));
    setModal(name);
  }, []);
  const closeModal = useCallback(() => setModal(undefined), []);

  const logout = useCallback(async () => {
    // To login first, so that the guard does not send the member there with `next` set to the page being left.
    navigate(LOGIN_PATH, { replace: true });
    await endSession();
  }, [navigate]);

  const mayOpenPath = useCallback(
    (path: string) => {
      const target = findRoute(path);
      return Boolean(target && mayOpen(target, session));
    },
    [session],
  );

  const collecting = useCollecting(session);
  const shell = useMemo<ShellState>(
    () => ({
      sidebarHidden,
      toggleSidebar,
      collecting,
      openAccount: () => openModal('account'),
      openLoginHistory: () => openModal('loginHistory'),
      logout,
    }),
    [sidebarHidden, toggleSidebar, collecting, openModal, logout],
  );

  return (
    <ShellContext.Provider value={shell}>
      <PathAccess.Provider value={mayOpenPath}>
        <PageChromeContext.Provider value={chrome}>
          <IonSplitPane contentId={CONTENT_ID} disabled={chromeless || sidebarHidden}>
            <SideMenu disabled={chromeless} />
            <IonRouterOutlet id={CONTENT_ID}>
              {ROUTES.map((r) => (
                <Route key={r.path} path={r.path} element={<RouteElement route={r} />} />
              ))}
            </IonRouterOutlet>
          </IonSplitPane>
          {session && (
            <Suspense fallback={null}>
              {mounted.has('account') && <AccountModal isOpen={modal === 'account'} onClose={closeModal} />}
              {mounted.has('loginHistory') && <LoginHistoryModal isOpen={modal === 'loginHistory'} onClose={closeModal} />}
            </Suspense>
          )}
        </PageChromeContext.Provider>
      </PathAccess.Provider>
    </ShellContext.Provider>
  );
}
