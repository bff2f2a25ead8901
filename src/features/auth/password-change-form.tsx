import { useRef, useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonItem, IonList } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiFailure } from '../../platform/contract-client';
import { membersEndpoints } from '../../../contract/endpoints/members';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { endSession } from './logout';
import { validatePasswordChange, type PasswordChangeField, type PasswordChangeForm } from './password-change-validation';

const EMPTY: PasswordChangeForm = { current: '', next: '', confirm: '' };

/**
 * Current, new and confirmed password (account modal and the forced change after login). An answer of
 * 'password' means the password changed: the console logs out (console-core §2 Login) and the member signs in
 * again with the new one. `onDone` runs after that logout so the caller can close its modal.
 */
export function PasswordChangeFormView({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const refs = {
    current: useRef<HTMLIonInputElement>(null),
    next: useRef<HTMLIonInputElement>(null),
    confirm: useRef<HTMLIonInputElement>(null),
  };
  const title = t('password.errorTitle');

  const fail = async (message: string, field?: PasswordChangeField) => {
    await dialogs.error(message, title);
    if (field) void refs[field].current?.setFocus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validatePasswordChange(form);
    if (problem) return fail(t(`password.validation.${problem.message}`), problem.field);
    setBusy(true);
    try {
      const answer = await api.call(membersEndpoints.accountPassword, { body: { password: form.current, newPassword: form.next } });
      // spec: core §2.22 — a 'password' answer forces logout
      if (answer.result !== 'password') return;
      // To login first, so that the guard does not add the page being left as `next` once the session is gone.
      navigate('/login', { replace: true });
      await endSession();
      setForm(EMPTY);
      onDone();
      void dialogs.toast(t('password.changed'), 'success');
    } catch (err) {
      await fail(
        err instanceof ApiFailure ? err.message : String(err),
        err instanceof ApiFailure && err.code === 'WRONG_PASSWORD' ? 'current' : undefined,
      );
    } finally {
      setBusy(false);
    }
  }

  const field = (name: PasswordChangeField, label: string, autocomplete: 'current-password' | 'new-password') => (
    <IonItem>
      <IonInput
        ref={refs[name]}
        label={label}
        labelPlacement="stacked"
        type="password"
        autocomplete={autocomplete}
        value={form[name]}
        onIonInput={(e) => setForm((f) => ({ ...f, [name]: String(e.detail.value ?? '') }))}
      />
    </IonItem>
  );

  return (
    <form onSubmit={submit} noValidate>
      <IonList lines="full">
        {field('current', t('password.current'), 'current-password')}
        {field('next', t('password.new'), 'new-password')}
        {field('confirm', t('password.confirm'), 'new-password')}
      </IonList>
      <IonButton type="submit" expand="block" className="ion-margin-top" disabled={busy}>
        {t('password.submit')}
      </IonButton>
    </form>
  );
}
