import { useEffect, useRef, type ReactNode } from 'react';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';

export interface ModalFrameProps {
  isOpen: boolean;
  title: string;
  /** Runs however the modal is left: its button, the backdrop, Escape. */
  onClose: () => void;
  closeLabel: string;
  /** Modals that must be answered (forced change, default company) are not closed by a backdrop tap. */
  backdropDismiss?: boolean;
  /** The e2e page models find modals by this. */
  testId: string;
  children: ReactNode;
}

/** The anatomy of every modal: a toolbar with the title and one leave button, then padded content. */
export function ModalFrame({ isOpen, title, onClose, closeLabel, backdropDismiss = true, testId, children }: ModalFrameProps) {
  // A dismissal the parent asked for (isOpen turned false) is not the member leaving: onClose must not run twice.
  const openRef = useRef(isOpen);
  useEffect(() => {
    openRef.current = isOpen;
  }, [isOpen]);
  const dismissed = () => {
    if (openRef.current) onClose();
  };
  return (
    <IonModal isOpen={isOpen} onDidDismiss={dismissed} backdropDismiss={backdropDismiss} data-testid={testId}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{closeLabel}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{children}</IonContent>
    </IonModal>
  );
}
