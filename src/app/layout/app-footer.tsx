import { useTranslation } from 'react-i18next';
import { IonNote, IonToolbar } from '@ionic/react';
import { statusEndpoints } from '../../api/endpoints/status';
import { useCall } from '../api';
import { useSession } from '../session';

/**
 * The footer: the product's name and the server's version (GET /version, a session call). It closes the
 * sidebar rather than the content: on a phone a footer under every page would take a row from the content.
 */
export function AppFooter() {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const session = useSession();
  const { data } = useCall(statusEndpoints.version, session ? {} : null);
  return (
    <IonToolbar>
      <IonNote className="app-footer" data-testid="app-footer">
        {tc('appName')}
        {data?.version ? ` · ${t('footer.version', { version: data.version })}` : ''}
      </IonNote>
    </IonToolbar>
  );
}
