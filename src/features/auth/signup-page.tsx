import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { IonButton, IonCheckbox, IonContent, IonInput, IonPage } from '@ionic/react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { signupPayload, validateSignup, type SignupField, type SignupForm } from './signup-validation';
import './auth.css';

type TextField = Exclude<SignupField, 'agreement'>;
// spec: core §2.23 — signup fields
const FIELDS: { name: TextField; type: 'email' | 'text' | 'tel' | 'password'; autocomplete: 'email' | 'name' | 'tel' | 'new-password' }[] =
  [
    { name: 'email', type: 'email', autocomplete: 'email' },
    { name: 'name', type: 'text', autocomplete: 'name' },
    { name: 'phone', type: 'tel', autocomplete: 'tel' },
    { name: 'password', type: 'password', autocomplete: 'new-password' },
    { name: 'retype', type: 'password', autocomplete: 'new-password' },
  ];
const EMPTY: SignupForm = { email: '', name: '', phone: '', password: '', retype: '', agreement: false };

/** /signup — console-core §2 Signup, §5 (ordered checks), §8 ('Signup Error'). */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const inputs: Record<TextField, RefObject<HTMLIonInputElement | null>> = {
    email: useRef<HTMLIonInputElement>(null),
    name: useRef<HTMLIonInputElement>(null),
    phone: useRef<HTMLIonInputElement>(null),
    password: useRef<HTMLIonInputElement>(null),
    retype: useRef<HTMLIonInputElement>(null),
  };
  const agreement = useRef<HTMLIonCheckboxElement>(null);
  const title = t('signup.errorTitle');

  const focus = (field: SignupField) => {
    if (field === 'agreement') agreement.current?.focus();
    else void inputs[field].current?.setFocus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validateSignup(form);
    if (problem) {
      await dialogs.error(t(`signup.validation.${problem.message}`), title);
      focus(problem.field);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call(authEndpoints.authSignup, { body: signupPayload(form) });
      // The older answer form (NOTES.md 2): code 0 is a failure even with status 200.
      if (answer.code === 0) {
        await dialogs.error(answer.message || 'OK (200)', title);
        return;
      }
      setForm(EMPTY);
      navigate('/login', { replace: true });
      void dialogs.toast(t('signup.created'), 'success');
    } catch (err) {
      await dialogs.error(err instanceof ApiFailure ? err.message : String(err), title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <IonPage className="auth-page" data-testid="signup-page">
      <IonContent>
        <main className="auth-center">
          <section className="auth-card">
            <h1 className="auth-brand">{tc('appName')}</h1>
            <p className="auth-subtitle">{t('signup.subtitle')}</p>
            <form onSubmit={submit} noValidate>
              {FIELDS.map(({ name, type, autocomplete }) => (
                <IonInput
                  key={name}
                  ref={inputs[name]}
                  name={name}
                  label={t(`signup.${name}`)}
                  labelPlacement="floating"
                  fill="outline"
                  type={type}
                  autocomplete={autocomplete}
                  value={form[name]}
                  onIonInput={(e) => setForm((f) => ({ ...f, [name]: String(e.detail.value ?? '') }))}
                />
              ))}
              <IonCheckbox
                ref={agreement}
                className="auth-agreement"
                labelPlacement="end"
                justify="start"
                checked={form.agreement}
                onIonChange={(e) => setForm((f) => ({ ...f, agreement: e.detail.checked }))}
              >
                {t('signup.agreement')}
              </IonCheckbox>
              <IonButton type="submit" expand="block" disabled={busy}>
                {t('signup.submit')}
              </IonButton>
            </form>
            <div className="auth-links">
              <span>
                {t('signup.haveAccount')} <Link to="/login">{t('signup.login')}</Link>
              </span>
            </div>
          </section>
        </main>
      </IonContent>
    </IonPage>
  );
}
