import { useTranslation } from 'react-i18next';
import { statusEndpoints } from '../../contract/endpoints/status';
import { useCall } from './api';
import { useSession } from './session';

/**
 * The footer's words: the product's name and the server's version (GET /version, a session call). Apart from the
 * console's footer (app-footer.tsx, Ionic) so that the lean phone dashboard shows the same line.
 */
export function useFooterText(): string {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const session = useSession();
  const { data } = useCall(statusEndpoints.version, session ? {} : null);
  return `${tc('appName')}${data?.version ? ` · ${t('footer.version', { version: data.version })}` : ''}`;
}
