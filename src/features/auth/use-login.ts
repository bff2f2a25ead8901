import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import type { LoginAnswer } from '../../../contract/schemas/auth';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { api } from '../../platform/api';
import { getSession, setSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { classifyLoginAnswer } from './login-flow';

/** The modals the login page may open; each one is its own lazily loaded chunk. */
export type LoginModal = 'findPassword' | 'forcePassword' | 'defaultCompany' | 'weakPassword';

/** The server's bad-credential text, shown in the member's language (console-core §8: "translated server message"). */
const AUTH_FAILURE = 'Authentication Failure.';

/**
 * The login call and every answer of console-core §2 Login: errors and the locked account, the older 200-with-
 * code form (NOTES.md 2), createCompany, redirect, forceChange, and the success path with the weak-password
 * prompt, the expire-soon notice and the way on to `target`.
 */
export function useLogin(target: string) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const [modal, setModal] = useState<LoginModal | null>(null);
  const [expireSoon, setExpireSoon] = useState(false);

  const loginError = (message: string) => dialogs.error(message === AUTH_FAILURE ? t('login.authFailure') : message, t('login.errorTitle'));

  /** The last step of a successful login: the notice, then the console. */
  const enter = (soon: boolean) => {
    if (soon) void dialogs.toast(t('login.expireSoon'), 'warning');
    navigate(target, { replace: true });
  };

  /** Resolves true when the member is signed in (the form then forgets the password). */
  async function login(email: string, password: string): Promise<boolean> {
    setBusy(true);
    let answer;
    try {
      answer = await api.call(authEndpoints.authLogin, { body: { email, password } });
    } catch (err) {
      if (err instanceof ApiFailure && (err.status === 423 || err.code === 'ACCOUNT_LOCKED')) {
        await dialogs.error(t('login.lockedMessage'), t('login.lockedTitle'));
      } else {
        await loginError(err instanceof ApiFailure ? err.message : String(err));
      }
      return false;
    } finally {
      setBusy(false);
    }
    return proceed(answer);
  }

  /** The steps after the server answered (also for an answer the lean login screen handed over). */
  async function proceed(answer: LoginAnswer): Promise<boolean> {
    const outcome = classifyLoginAnswer(answer, window.location.href);
    switch (outcome.kind) {
      case 'error':
        // A 200 without a message: the spec's rule for a missing message is status text and code.
        await loginError(outcome.message ?? 'OK (200)');
        return false;
      case 'redirect':
        window.location.assign(outcome.url);
        return true;
      case 'createCompany':
        // The session is kept only so that the company can be created; the modal logs out afterwards.
        setSession(answer);
        setModal('defaultCompany');
        return true;
      case 'forceChange':
        setSession(answer);
        setModal('forcePassword');
        return true;
      case 'success': {
        setSession(answer);
        // Loaded for later screens; a failure here must not keep the member out, so it is only retried there.
        void import('./tag-types').then((m) => m.loadTagTypes()).catch(() => undefined);
        if (outcome.weakPwd && (await dialogs.confirm(t('login.weakMessage'), t('login.weakTitle')))) {
          setExpireSoon(outcome.expireSoon);
          setModal('weakPassword');
          return true;
        }
        enter(outcome.expireSoon);
        return true;
      }
    }
  }

  /** A modal closed. After the weak-password change modal the login goes on, unless the change logged out. */
  const closeModal = () => {
    const was = modal;
    setModal(null);
    if (was === 'weakPassword' && getSession()) enter(expireSoon);
  };

  return { busy, login, proceed, modal, openModal: setModal, closeModal };
}
