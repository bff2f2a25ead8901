import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * console-core §9: notification pop-ups last 10 seconds, bottom right. The toast of useDialogs is created through
 * Ionic's toast controller; the controller is replaced here to see the options the pop-up is made with.
 */
const created: Record<string, unknown>[] = [];
vi.mock('@ionic/core/components', () => ({
  alertController: { create: vi.fn() },
  toastController: {
    create: vi.fn(async (options: Record<string, unknown>) => {
      created.push(options);
      return { present: async () => undefined };
    }),
  },
}));
vi.mock('@ionic/core/components/ion-alert.js', () => ({ defineCustomElement: () => undefined }));
vi.mock('@ionic/core/components/ion-toast.js', () => ({ defineCustomElement: () => undefined }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const { useDialogs } = await import('../../src/ui/dialogs');

describe('notification pop-ups', () => {
  beforeEach(() => {
    created.length = 0;
    globalThis.document = { querySelectorAll: () => [] } as unknown as Document;
  });

  // spec: core §9.1 — pop-ups last 10 seconds, bottom right
  it('shows a notification for 10 seconds at the bottom, in the bottom-right corner class', async () => {
    await useDialogs().toast('Start tag status collection', 'success');
    expect(created).toEqual([
      { message: 'Start tag status collection', duration: 10_000, position: 'bottom', cssClass: 'toast-bottom-right', color: 'success' },
    ]);
  });
});
