import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../platform/contract-client';
import { authEndpoints } from '../../../../contract/endpoints/auth';
import { api } from '../../../platform/api-client';
import { switchToConsole } from '../../../platform/console-switch';
import { classifyLoginAnswer } from '../login-flow';
import { handOffLogin } from '../login-handoff';
import { LeanAlert } from './lean-alert';
import { LeanUpdateBar } from './lean-update-bar';
import '../auth.css';
import './lean-login.css';

/** The server's bad-credential text, shown in the member's language (as use-login.ts does). */
const AUTH_FAILURE = 'Authentication Failure.';

type Alert = { title: string; message: string; then?: RefObject<HTMLInputElement | null> };

/**
 * /login on a cold start (issue 10: the first screen of a new device, ≤ 250 KB): the console's login form in plain
 * HTML, without Ionic, the router or any console code. It checks the fields, signs in and shows the errors itself;
 * whatever comes after a good answer (the session, a forced change, a weak-password prompt, the way on) and the
 * find-password modal belong to the console, which loads then and takes over (login-handoff.ts, login-page.tsx).
 * Sign up is a plain link: leaving /login starts the console (shell/entry.tsx).
 */
export default function LeanLoginApp() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<Alert>();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const closeAlert = () => {
    alert?.then?.current?.focus();
    setAlert(undefined);
  };

  const loginError = (message: string) =>
    setAlert({ title: t('login.errorTitle'), message: message === AUTH_FAILURE ? t('login.authFailure') : message });

  function handOver(handoff: Parameters<typeof handOffLogin>[0]) {
    handOffLogin(handoff);
    void switchToConsole();
  }

  /* The values are read from the form when it is sent, so a password manager's or autofill's value always counts. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      setAlert({
        title: t('login.errorTitle'),
        message: t(!email ? 'login.emailRequired' : 'login.passwordRequired'),
        then: !email ? emailRef : passwordRef,
      });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call(authEndpoints.authLogin, { body: { email, password } });
      const outcome = classifyLoginAnswer(answer, window.location.href);
      if (outcome.kind === 'error') loginError(outcome.message ?? 'OK (200)');
      else if (outcome.kind === 'redirect') window.location.assign(outcome.url);
      else {
        if (passwordRef.current) passwordRef.current.value = '';
        handOver({ kind: 'answer', answer });
      }
    } catch (err) {
      if (err instanceof ApiFailure && (err.status === 423 || err.code === 'ACCOUNT_LOCKED'))
        setAlert({ title: t('login.lockedTitle'), message: t('login.lockedMessage') });
      else loginError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'email' | 'password') => (
    <div className="lean-field">
      <input
        ref={name === 'email' ? emailRef : passwordRef}
        id={`login-${name}`}
        name={name}
        type={name}
        autoComplete={name === 'email' ? 'username' : 'current-password'}
        placeholder=" "
      />
      <label htmlFor={`login-${name}`}>{t(`login.${name}`)}</label>
    </div>
  );

  return (
    <div className="auth-page lean-auth-page" data-testid="login-page">
      <main className="auth-center">
        <section className="auth-card">
          <h1 className="auth-brand">{tc('appName')}</h1>
          <p className="auth-subtitle">{t('login.subtitle')}</p>
          <form onSubmit={submit} noValidate>
            {field('email')}
            {field('password')}
            <button type="submit" className="lean-submit" disabled={busy}>
              {t('login.submit')}
            </button>
          </form>
          <div className="auth-links">
            <button
              type="button"
              className="auth-link-button"
              onClick={() => handOver({ kind: 'findPassword', email: emailRef.current?.value.trim() ?? '' })}
            >
              {t('login.findPassword')}
            </button>
            <span>
              {t('login.noAccount')} <a href="#/signup">{t('login.signup')}</a>
            </span>
          </div>
        </section>
      </main>
      <LeanUpdateBar />
      {alert && <LeanAlert title={alert.title} message={alert.message} onClose={closeAlert} />}
    </div>
  );
}
