import { IonButton, IonIcon } from '@ionic/react';
import { pencilOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';

export const deviceShowPath = (storeCode: string, mac: string) => `/plus/device/show/${encodeURIComponent(storeCode)}/${encodeURIComponent(mac)}`;

/** The device list's pencil (plus-signage §2.2 row actions): opens the device's show editor. */
export function EditShowButton({ storeCode, mac }: { storeCode: string; mac: string }) {
  const { t } = useTranslation('plusShowEditor');
  return (
    <IonButton size="small" fill="clear" routerLink={deviceShowPath(storeCode, mac)} aria-label={t('editShow', { mac })} data-testid="plus-edit-show">
      <IonIcon slot="icon-only" icon={pencilOutline} aria-hidden="true" />
    </IonButton>
  );
}
