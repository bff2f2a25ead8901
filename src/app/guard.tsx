import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionCheckAnswer } from '../api/contract/auth';
import { authEndpoints } from '../api/endpoints/auth';
import type { AppRoute } from '../routes';
import { Page } from '../ui/page';
import { api } from './api';
import { guardRedirect, mayOpen } from './route-access';
import { clearSession, updateSession, useSession, type Session } from './session';

/**
 * One guard for the whole router, above the outlet: Ionic keeps earlier pages mounted (hidden) in its stack,
 * so a redirect rendered inside a route element could fire from a page nobody is looking at.
 */
export function useRouteGuard(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const target = guardRedirect(location.pathname, location.search, session);
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
}

/**
 * GET /auth/login answers for the credentials it is given. The endpoint is public (it must answer, not refuse,
 * a stale token), so the client sends no credentials by itself; the check adds them.
 */
async function checkSession(session: Session, signal: AbortSignal): Promise<SessionCheckAnswer | undefined> {
  try {
    const res = await fetch(api.url(authEndpoints.authSessionCheck), {
      headers: { Accept: 'application/json', 'Access-Token': session.accessToken, 'Access-Email': session.email },
      signal,
    });
    return res.ok ? ((await res.json()) as SessionCheckAnswer) : undefined;
  } catch {
    return undefined; // offline or aborted: an unreachable server is no reason to end the session
  }
}

/** Authentication is re-checked on every route change (console-core §2). */
export function useSessionCheck(): void {
  const { pathname } = useLocation();
  const session = useSession();
  const token = session?.accessToken;
  useEffect(() => {
    const current = session;
    if (!current || !token) return;
    const abort = new AbortController();
    void checkSession(current, abort.signal).then((answer) => {
      if (!answer || abort.signal.aborted) return;
      if (answer.authenticated === false || !('systemConfig' in answer) || !answer.systemConfig) clearSession();
      else updateSession(answer);
    });
    return () => abort.abort();
    // The session object changes with every update; the token and the path are what call for a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, token]);
}

function NoAccessPage() {
  const { t } = useTranslation('layout');
  return (
    <Page title={t('noAccess.title')}>
      <p role="alert">{t('noAccess.message')}</p>
    </Page>
  );
}

/** A route's screen, loaded on first visit; nothing while the guard is redirecting. */
export function RouteElement({ route }: { route: AppRoute }) {
  const session = useSession();
  const Screen = route.page;
  if (route.privilege !== 'public') {
    if (!session) return null;
    if (!mayOpen(route, session)) return <NoAccessPage />;
  }
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}
