import { alertController, toastController } from '@ionic/core/components';
import { defineCustomElement as defineAlert } from '@ionic/core/components/ion-alert.js';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';
import type { AlertInput, AlertOptions, ToastOptions } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DURATION_MS } from '../../contract/schemas/constants-core';

/** Notification pop-ups last 10 seconds, bottom right (console-core §9): the contract's constant. */
// spec: core §9.1 — notification pop-ups last 10 seconds, bottom right
export const TOAST_DURATION_MS = NOTIFICATION_DURATION_MS;

/*
 * Alerts and toasts are created through Ionic's controllers, one element each, rather than Ionic React's
 * useIonAlert/useIonToast: those hooks keep one overlay per hook and present nothing — silently — while the
 * previous one is still leaving, so a second question or message right after the first (the next device command,
 * an error after a confirm) never showed and its caller waited forever.
 */

/** Shows an alert; resolves with the role of the button that closed it, once it has left the screen. */
async function showAlert(options: AlertOptions): Promise<string | undefined> {
  defineAlert();
  const alert = await alertController.create(options);
  await alert.present();
  return (await alert.onDidDismiss()).role;
}

async function showToast(options: ToastOptions): Promise<void> {
  defineToast();
  // Toasts share one corner: a newer one replaces the one on screen instead of being drawn over it.
  await Promise.all([...document.querySelectorAll('ion-toast')].map((toast) => toast.dismiss()));
  await (await toastController.create(options)).present();
}

/*
 * The dialogs every screen uses: error (title + message), confirm ('Are you sure?' by default) and toasts.
 * Ionic renders alert messages as text (innerHTMLTemplatesEnabled is off), so server data cannot inject HTML.
 * Titles and messages arrive translated; only the buttons are translated here.
 */
export function useDialogs() {
  const { t } = useTranslation('common');

  return {
    error: async (message: string, title: string = t('dialog.error')): Promise<void> => {
      await showAlert({ header: title, message, buttons: [t('dialog.ok')] });
    },
    confirm: async (message: string = t('dialog.areYouSure'), title?: string): Promise<boolean> =>
      (await showAlert({
        header: title,
        message,
        buttons: [
          { text: t('dialog.cancel'), role: 'cancel' },
          { text: t('dialog.ok'), role: 'confirm' },
        ],
      })) === 'confirm',
    toast: (message: string, color: 'success' | 'danger' | 'warning' | 'medium' = 'medium') =>
      showToast({ message, duration: TOAST_DURATION_MS, position: 'bottom', cssClass: 'toast-bottom-right', color }),
  };
}

export interface AlertQuestion {
  header: string;
  inputs: AlertInput[];
  cancel: string;
  ok: string;
  /** The answer from the alert's values on OK; undefined counts as no answer. */
  read: (values: unknown) => string | undefined;
}

/** A question in an alert (a name, a number, a choice): the answer on OK, undefined on Cancel or a tap beside it. */
export function useAlertQuestion() {
  return async ({ header, inputs, cancel, ok, read }: AlertQuestion): Promise<string | undefined> => {
    let answer: string | undefined;
    const role = await showAlert({
      header,
      inputs,
      buttons: [
        { text: cancel, role: 'cancel' },
        { text: ok, role: 'confirm', handler: (values: unknown) => void (answer = read(values)) },
      ],
    });
    return role === 'confirm' ? answer : undefined;
  };
}
