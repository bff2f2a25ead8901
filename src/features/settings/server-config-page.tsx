import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '../../platform/session';
import { DetailGrid } from '../../ui/detail-card';
import { Page } from '../../ui/page';
import { MobileSoftwareSection } from './mobile-software-section';
import { ServerConfigCard } from './server-config-card';
import { SmtpCard } from './smtp-card';

/**
 * /setting/server-config (console-admin §2): server settings, SMTP and the mobile software files. They belong to
 * no company, so only the super administrator changes them (docs/architecture.md §3); others with server_config read see them.
 */
export default function ServerConfigPage() {
  const { t } = useTranslation('settings');
  const session = useSession();
  const writable = session?.role_id === -1 && canWrite(session, 'server_config');
  return (
    <Page title={t('server.title')}>
      <DetailGrid testId="server-config">
        <ServerConfigCard writable={writable} />
        <SmtpCard writable={writable} />
        <MobileSoftwareSection writable={writable} />
      </DetailGrid>
    </Page>
  );
}
