import { IonButton, IonIcon } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';

interface BackButtonProps {
  /** The screen one level up (an app path): a detail goes back to its list, a list to its overview. */
  to: string;
  /** Already translated: where it leads ("Plus devices") or just "Back". */
  label: string;
  testId: string;
}

/**
 * The way back of a screen opened from another (store and gateway detail, issue 31 §11): a header action with a
 * back arrow that leads one level up with Ionic's back transition — also when the screen was opened by address,
 * where the browser's history has nothing to go back to.
 */
export function BackButton({ to, label, testId }: BackButtonProps) {
  return (
    <IonButton routerLink={to} routerDirection="back" data-testid={testId}>
      <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
      {label}
    </IonButton>
  );
}
