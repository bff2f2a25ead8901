import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { IonButton, IonContent, IonInput, IonPage } from '@ionic/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../ui/dialogs';
import { safeNext } from './login-flow';
import { peekLoginHandoff, takeLoginHandoff } from './login-handoff';
import { useLogin, type LoginModal } from './use-login';
import './auth.css';

// The modals are rare paths: loaded on first use so that the login route stays light (first-load JS budget).
const FindPasswordModal = lazy(() => import('./find-password-modal'));
const ForcePasswordModal = lazy(() => import('./force-password-modal'));
const DefaultCompanyModal = lazy(() => import('./default-company-modal'));
const AccountModal = lazy(() => import('./account-modal'));

/** Without a next, login goes to '/', which the guard sends on to the member's start page (shell/start-page.ts). */
const START_ADDRESS = '/';

/** /login?next — console-core §2 Login, §5 (required fields), §8 (errors). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const dialogs = useDialogs();
  const [params] = useSearchParams();
  const { busy, login, proceed, modal, openModal, closeModal } = useLogin(safeNext(params.get('next'), START_ADDRESS));
  const [handoff] = useState(peekLoginHandoff);
  // Only for the find-password modal's first value: the login itself reads the fields at submit (see below).
  const [email, setEmail] = useState(handoff?.kind === 'findPassword' ? handoff.email : '');
  const emailRef = useRef<HTMLIonInputElement>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);
  // A modal's chunk is mounted from its first opening on, so that Ionic can animate it closed afterwards.
  const [opened, setOpened] = useState<ReadonlySet<LoginModal>>(new Set());
  if (modal && !opened.has(modal)) setOpened(new Set(opened).add(modal));

  // A first visit signs in on the lean login screen, which hands over what needs the console (login-handoff.ts).
  useEffect(() => {
    // Taken once: StrictMode's second run of the effect finds it gone.
    if (!handoff || peekLoginHandoff() !== handoff) return;
    takeLoginHandoff();
    if (handoff.kind === 'answer') void proceed(handoff.answer);
    else openModal('findPassword');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /*
   * The values are read from the native inputs when the form is sent, not from Ionic's ionInput events: a password
   * manager or the browser's autofill sets the value and fires at most 'input' or 'change' on the inner input, and
   * a quick submit came before Ionic's debounced event ('Enter Password, Please!' with a filled field).
   */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const missing = !email.trim()
      ? { ref: emailRef, message: t('login.emailRequired') }
      : !password
        ? { ref: passwordRef, message: t('login.passwordRequired') }
        : undefined;
    if (missing) {
      await dialogs.error(missing.message, t('login.errorTitle'));
      void missing.ref.current?.setFocus();
      return;
    }
    setEmail(email);
    if ((await login(email.trim(), password)) && passwordRef.current) passwordRef.current.value = '';
  }

  // spec: core §2.19 — login fields email and password
  const input = (name: 'email' | 'password') => (
    <IonInput
      ref={name === 'email' ? emailRef : passwordRef}
      name={name}
      label={t(`login.${name}`)}
      labelPlacement="floating"
      fill="outline"
      type={name}
      autocomplete={name === 'email' ? 'username' : 'current-password'}
      onIonInput={name === 'email' ? (e) => setEmail(String(e.detail.value ?? '')) : undefined}
    />
  );

  return (
    <IonPage className="auth-page" data-testid="login-page">
      <IonContent>
        <main className="auth-center">
          <section className="auth-card">
            <h1 className="auth-brand">{tc('appName')}</h1>
            <p className="auth-subtitle">{t('login.subtitle')}</p>
            <form onSubmit={submit} noValidate>
              {input('email')}
              {input('password')}
              <IonButton type="submit" expand="block" disabled={busy}>
                {t('login.submit')}
              </IonButton>
            </form>
            <div className="auth-links">
              <button type="button" className="auth-link-button" onClick={() => openModal('findPassword')}>
                {t('login.findPassword')}
              </button>
              <span>
                {t('login.noAccount')} <Link to="/signup">{t('login.signup')}</Link>
              </span>
            </div>
          </section>
        </main>
        <Suspense fallback={null}>
          {opened.has('findPassword') && (
            <FindPasswordModal isOpen={modal === 'findPassword'} onClose={closeModal} initialEmail={email.trim()} />
          )}
          {opened.has('forcePassword') && <ForcePasswordModal isOpen={modal === 'forcePassword'} onDone={closeModal} />}
          {opened.has('defaultCompany') && <DefaultCompanyModal isOpen={modal === 'defaultCompany'} onDone={closeModal} />}
          {opened.has('weakPassword') && <AccountModal isOpen={modal === 'weakPassword'} onClose={closeModal} initialSection="password" />}
        </Suspense>
      </IonContent>
    </IonPage>
  );
}
