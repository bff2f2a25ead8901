import { IonToast } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, useUpdateAvailable } from './pwa';

/**
 * "A new version is available" — shown while a new service worker waits (registerType 'prompt'). The toast stays
 * until the user acts: reloading by itself could throw away a half-filled form or a scan session.
 */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const open = useUpdateAvailable();
  return (
    <IonToast
      isOpen={open}
      message={t('update.available')}
      position="bottom"
      color="dark"
      buttons={[
        { text: t('update.reload'), handler: applyUpdate },
        { text: t('dialog.close'), role: 'cancel' },
      ]}
      onDidDismiss={dismissUpdate}
    />
  );
}
