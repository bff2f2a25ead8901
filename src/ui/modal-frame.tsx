import { useEffect, useRef, type ReactNode } from 'react';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useLocation } from 'react-router-dom';

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
  useCloseOnRouteChange(isOpen && backdropDismiss, onClose);
  // The dialog is named by its title, as a screen reader announces it on opening (axe aria-dialog-name). Ionic hands
  // aria-label to the dialog inside its shadow root; an aria-labelledby could not reach across it.
  return (
    <IonModal isOpen={isOpen} onDidDismiss={dismissed} backdropDismiss={backdropDismiss} data-testid={testId} aria-label={title}>
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

/**
 * A modal belongs to the screen it was opened on: when the address changes under it (back button, a typed or
 * bookmarked hash), that screen is hidden and the modal must go with it. Modals that must be answered stay.
 */
function useCloseOnRouteChange(active: boolean, onClose: () => void) {
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!active) {
      openedOn.current = null;
    } else if (openedOn.current === null) {
      openedOn.current = pathname;
    } else if (openedOn.current !== pathname) {
      openedOn.current = null;
      close.current();
    }
  }, [active, pathname]);
}
