import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, useUpdateAvailable } from '../../../platform/pwa';

/**
 * "A new version is available" on the lean login screen, which runs without Ionic and so without the console's
 * update toast (src/platform/update-prompt.tsx): the same text and buttons, at the bottom, until the member acts.
 */
export function LeanUpdateBar() {
  const { t } = useTranslation('common');
  if (!useUpdateAvailable()) return null;
  return (
    <div className="lean-update-bar" role="status">
      <span>{t('update.available')}</span>
      <button type="button" onClick={applyUpdate}>
        {t('update.reload')}
      </button>
      <button type="button" onClick={dismissUpdate}>
        {t('dialog.close')}
      </button>
    </div>
  );
}
