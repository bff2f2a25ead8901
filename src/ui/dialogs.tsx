import { useIonAlert, useIonToast, type AlertInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** Notification pop-ups last 10 seconds, bottom right (console-core §9). */
export const TOAST_DURATION_MS = 10_000;

/*
 * The dialogs every screen uses: error (title + message), confirm ('Are you sure?' by default) and toasts.
 * Ionic renders alert messages as text (innerHTMLTemplatesEnabled is off), so server data cannot inject HTML.
 * Titles and messages arrive translated; only the buttons are translated here.
 */
export function useDialogs() {
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const { t } = useTranslation('common');

  return {
    error: (message: string, title: string = t('dialog.error')) =>
      new Promise<void>((resolve) => {
        void presentAlert({ header: title, message, buttons: [t('dialog.ok')], onDidDismiss: () => resolve() });
      }),
    confirm: (message: string = t('dialog.areYouSure'), title?: string) =>
      new Promise<boolean>((resolve) => {
        void presentAlert({
          header: title,
          message,
          buttons: [
            { text: t('dialog.cancel'), role: 'cancel' },
            { text: t('dialog.ok'), role: 'confirm' },
          ],
          // Answered once the alert has left: Ionic's hook presents no next alert (an error after a delete) before.
          onDidDismiss: (e) => resolve(e.detail.role === 'confirm'),
        });
      }),
    toast: async (message: string, color: 'success' | 'danger' | 'warning' | 'medium' = 'medium') => {
      // Ionic's hook presents nothing while its previous toast has not finished leaving: wait for that first.
      await dismissShownToasts();
      return presentToast({ message, duration: TOAST_DURATION_MS, position: 'bottom', cssClass: 'toast-bottom-right', color });
    },
  };
}

/** Toasts share one corner: a newer one replaces the one on screen instead of being drawn over it. */
function dismissShownToasts(): Promise<unknown> {
  return Promise.all([...document.querySelectorAll('ion-toast')].map((toast) => toast.dismiss()));
}

export interface AlertQuestion {
  header: string;
  inputs: AlertInput[];
  cancel: string;
  ok: string;
  /** The answer from the alert's values on OK; undefined counts as no answer. */
  read: (values: unknown) => string | undefined;
}

/**
 * A question in an alert (a name, a number, a choice): the answer on OK, undefined on Cancel or a tap beside it.
 * Answered only once the alert has left: Ionic's hook presents nothing while its previous alert is still leaving,
 * so a caller that asks again at once (the next command of a list, a second question) would wait forever.
 */
export function useAlertQuestion() {
  const [present] = useIonAlert();
  return ({ header, inputs, cancel, ok, read }: AlertQuestion) =>
    new Promise<string | undefined>((resolve) => {
      let answer: string | undefined;
      void present({
        header,
        inputs,
        buttons: [
          { text: cancel, role: 'cancel' },
          { text: ok, role: 'confirm', handler: (values: unknown) => void (answer = read(values)) },
        ],
        onDidDismiss: (e) => resolve(e.detail.role === 'confirm' ? answer : undefined),
      });
    });
}
