import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionCheckAnswer } from '../../contract/schemas/auth';
import { authEndpoints } from '../../contract/endpoints/auth';
import type { AppRoute } from './routes';
import { Page } from '../ui/page';
import { api } from '../platform/api';
import { guardRedirect } from './guard-redirect';
import { mayOpen } from './route-access';
import { clearSession, onSessionRecheck, updateSession, useSession, type Session } from '../platform/session';

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

/** Fewest milliseconds between two checks asked for by focus or a refusal (several 403s of one screen make one). */
const RECHECK_MIN_MS = 2_000;

/**
 * Bumps when the member may have a new role: the window regains focus or becomes visible again, or a call was
 * refused (console-admin §6: a role change takes effect without a new login, and the menu follows).
 */
function useRecheckSignal(): number {
  const [signal, setSignal] = useState(0);
  useEffect(() => {
    let last = 0;
    const bump = () => {
      if (Date.now() - last < RECHECK_MIN_MS) return;
      last = Date.now();
      setSignal((n) => n + 1);
    };
    const onVisible = () => document.visibilityState === 'visible' && bump();
    window.addEventListener('focus', bump);
    document.addEventListener('visibilitychange', onVisible);
    const stop = onSessionRecheck(bump);
    return () => {
      window.removeEventListener('focus', bump);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, []);
  return signal;
}

/** Authentication (and with it the role's privileges) is re-checked on every route change (console-core §2). */
export function useSessionCheck(): void {
  const { pathname } = useLocation();
  const session = useSession();
  const token = session?.accessToken;
  const recheck = useRecheckSignal();
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
    // The session object changes with every update; the token, the path and a recheck signal call for a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, token, recheck]);
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
