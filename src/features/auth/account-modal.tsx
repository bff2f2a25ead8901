import { useRef, useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonItem, IonLabel, IonList, IonNote, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import type { Account } from '../../../contract/schemas/members';
import { membersEndpoints } from '../../../contract/endpoints/members';
import { api, useCall } from '../../platform/api';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { closesDialog } from '../members/save-failure';
import { updateSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';
import { PasswordChangeFormView } from './password-change-form';

export type AccountSection = 'profile' | 'password';

/**
 * The member's own account (no URL): name and mobile, and the password change, which logs out when it
 * succeeds. The shell opens it from the header; the login page opens it on the password section after the
 * weak-password prompt.
 */
// spec: core §2.15 — the account modal has no URL
// spec: admin §2.29 — own-account modal, no URL, loads the account "me"
export function AccountModal({
  isOpen,
  onClose,
  initialSection = 'profile',
}: {
  isOpen: boolean;
  onClose: () => void;
  initialSection?: AccountSection;
}) {
  const { t } = useTranslation('auth');
  return (
    <ModalFrame isOpen={isOpen} testId="account-modal" title={t('account.title')} onClose={onClose} closeLabel={t('close')}>
      {/* Ionic mounts the content on each opening, so every opening starts from the server's current data. */}
      <AccountContent initialSection={initialSection} onClose={onClose} />
    </ModalFrame>
  );
}

export default AccountModal;

function AccountContent({ initialSection, onClose }: { initialSection: AccountSection; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [section, setSection] = useState(initialSection);
  const { data, error, mutate } = useCall(membersEndpoints.accountMe, {});
  // console-admin §8: a failed account load shows the message, then logs out and reloads.
  useLogoutOnLoadFailure(error);
  return (
    <>
      <IonSegment value={section} onIonChange={(e) => setSection(e.detail.value === 'password' ? 'password' : 'profile')}>
        <IonSegmentButton value="profile">
          <IonLabel>{t('account.profile')}</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="password">
          <IonLabel>{t('account.changePassword')}</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {section === 'password' ? (
        <PasswordChangeFormView onDone={onClose} />
      ) : data ? (
        <ProfileForm key={`${data.email}:${data.name}:${data.mobile}`} account={data} onSaved={() => void mutate()} onClose={onClose} />
      ) : (
        !error && <IonSpinner aria-label={t('account.loading')} />
      )}
    </>
  );
}

function ProfileForm({ account, onSaved, onClose }: { account: Account; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const dialogs = useDialogs();
  const [name, setName] = useState(account.name);
  const [mobile, setMobile] = useState(account.mobile);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLIonInputElement>(null);
  const title = t('account.updateError');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      await dialogs.error(t('account.nameRequired'), title);
      void nameRef.current?.setFocus();
      return;
    }
    setBusy(true);
    try {
      await api.call(membersEndpoints.accountUpdate, { body: { name: name.trim(), mobile: mobile.trim() } });
      // The header shows the session's name: keep it in step without a new login.
      updateSession({ name: name.trim() });
      void dialogs.toast(t('account.saved'), 'success');
      onSaved();
    } catch (err) {
      // console-admin §8: an account save failure without the server's message closes the dialog, then shows it.
      if (closesDialog(err)) onClose();
      await dialogs.error(err instanceof ApiFailure ? err.message : String(err), title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <IonList lines="full">
        <IonItem>
          <IonInput label={t('account.email')} labelPlacement="stacked" value={account.email} readonly />
        </IonItem>
        <IonItem>
          <IonInput
            ref={nameRef}
            label={t('account.name')}
            labelPlacement="stacked"
            autocomplete="name"
            value={name}
            onIonInput={(e) => setName(String(e.detail.value ?? ''))}
          />
        </IonItem>
        <IonItem>
          <IonInput
            label={t('account.mobile')}
            labelPlacement="stacked"
            type="tel"
            autocomplete="tel"
            value={mobile}
            onIonInput={(e) => setMobile(String(e.detail.value ?? ''))}
          />
        </IonItem>
        <IonItem>
          <IonLabel>{t('account.lastPwdChanged')}</IonLabel>
          <IonNote slot="end">{formatDateTime(account.lastPwdChanged)}</IonNote>
        </IonItem>
      </IonList>
      <IonButton type="submit" expand="block" className="ion-margin-top" disabled={busy}>
        {t('account.save')}
      </IonButton>
    </form>
  );
}
