import { useRef, useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonItem, IonList, IonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { ModalFrame } from '../../ui/modal-frame';

/**
 * Forgot password (POST /auth/forget/password). console-core §8: an answer with code 0 shows 'Error' with the
 * server's message, otherwise the modal closes. The server answers alike for known and unknown accounts; its
 * message, when it sends one, is shown as a toast so the member knows the request went out.
 */
// spec: core §2.15 — the find-password modal has no URL
export default function FindPasswordModal({
  isOpen,
  onClose,
  initialEmail = '',
}: {
  isOpen: boolean;
  onClose: () => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation('auth');
  const dialogs = useDialogs();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLIonInputElement>(null);
  const title = t('findPassword.errorTitle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value) {
      await dialogs.error(t('findPassword.emailRequired'), title);
      void input.current?.setFocus();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call(authEndpoints.authForgetPassword, { body: { email: value } });
      // spec: core §8.5 — answer code 0: 'Error' with the server's message; otherwise the modal closes
      if (answer.code === 0) {
        await dialogs.error(answer.message || t('findPassword.failed'), title);
        return;
      }
      void dialogs.toast(answer.message || t('findPassword.sent'), 'success');
      onClose();
    } catch (err) {
      await dialogs.error(err instanceof ApiFailure ? err.message : String(err), title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalFrame isOpen={isOpen} testId="find-password-modal" title={t('findPassword.title')} onClose={onClose} closeLabel={t('close')}>
      <IonText>
        <p>{t('findPassword.intro')}</p>
      </IonText>
      <form onSubmit={submit} noValidate>
        <IonList lines="full">
          <IonItem>
            <IonInput
              ref={input}
              label={t('findPassword.email')}
              labelPlacement="stacked"
              type="email"
              autocomplete="email"
              value={email}
              onIonInput={(e) => setEmail(String(e.detail.value ?? ''))}
            />
          </IonItem>
        </IonList>
        <IonButton type="submit" expand="block" className="ion-margin-top" disabled={busy}>
          {t('findPassword.submit')}
        </IonButton>
      </form>
    </ModalFrame>
  );
}
