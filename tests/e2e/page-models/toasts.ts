import { expect, type Locator } from '@playwright/test';

/**
 * Close the toasts on screen (src/ui/dialogs.tsx), so that a later check can only be answered by a new one: toasts
 * stay 10 s (console-core §9). Ionic ignores a dismiss that comes while a toast is still being presented, so it is
 * asked again until none is left on view.
 */
export async function closeToasts(toasts: Locator): Promise<void> {
  await expect(async () => {
    await toasts.evaluateAll((all) => Promise.all(all.map((toast) => (toast as HTMLIonToastElement).dismiss())));
    await expect(toasts.filter({ visible: true })).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}
