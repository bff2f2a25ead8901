import { IonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endSession } from './logout';
import { ModalFrame } from '../../ui/modal-frame';
import { PasswordChangeFormView } from './password-change-form';

/**
 * The forced password change of a login answer flagged forceChange (console-core §2 Login). Either way out ends
 * the session: a changed password logs out by itself, and leaving without a change logs out too, so the member
 * never reaches the console on the old password.
 */
// spec: core §2.15 — modal-only forced password change
export default function ForcePasswordModal({ isOpen, onDone }: { isOpen: boolean; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const leave = () => {
    void endSession().then(onDone);
  };
  return (
    <ModalFrame
      isOpen={isOpen}
      testId="force-password-modal"
      title={t('forcePassword.title')}
      onClose={leave}
      closeLabel={t('forcePassword.cancel')}
      backdropDismiss={false}
    >
      <IonText>
        <p>{t('forcePassword.intro')}</p>
      </IonText>
      <PasswordChangeFormView onDone={onDone} />
    </ModalFrame>
  );
}
