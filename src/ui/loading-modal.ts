import { loadingController } from '@ionic/core/components';
import { defineCustomElement as defineLoading } from '@ionic/core/components/ion-loading.js';

/**
 * A call this quick needs no modal (our choice): showing one for a blink only flashes the screen, so the loading
 * modal comes up when the work has run this long.
 */
export const LOADING_MODAL_DELAY_MS = 300;

/** What a screen needs of the overlay; the tests hand in their own. */
export interface LoadingOverlay {
  present(): Promise<void>;
  dismiss(): Promise<unknown>;
}

const ionLoading = async (message: string): Promise<LoadingOverlay> => {
  defineLoading();
  // No backdrop dismiss: the operation runs on whether or not the modal is tapped away, so it stays until the end.
  return loadingController.create({
    message,
    spinner: 'crescent',
    backdropDismiss: false,
    htmlAttributes: { 'data-testid': 'loading-modal' },
  });
};

/**
 * The loading modal (console-admin §2 "loading modal"): runs `work` and, once it has taken longer than
 * LOADING_MODAL_DELAY_MS, covers the screen with a spinner and `message` until it ends — done or failed — so that a
 * long operation (an upload, an OTA start, a removal over many products) cannot be started twice or left half-way.
 * The modal leaves before the caller shows the answer, so an error dialog is never hidden behind it.
 * Made through Ionic's controller, one element per run, like the dialogs (src/ui/dialogs.tsx says why).
 */
export async function withLoadingModal<T>(
  message: string,
  work: () => Promise<T>,
  overlay: (message: string) => Promise<LoadingOverlay> = ionLoading,
): Promise<T> {
  let shown: Promise<LoadingOverlay> | undefined;
  const timer = setTimeout(() => {
    shown = overlay(message).then(async (modal) => {
      await modal.present();
      return modal;
    });
  }, LOADING_MODAL_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    // Presenting may still be under way: wait for it, so the dismiss finds the modal on screen.
    if (shown) await (await shown).dismiss();
  }
}
