import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useSession } from '../../platform/session';
import { DetailCard, DetailFacts, DetailGrid } from '../../ui/detail-card';
import { useDialogs } from '../../ui/dialogs';
import { FilePickButton } from '../../ui/file-pick-button';
import { withLoadingModal } from '../../ui/loading-modal';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';

/** What the reference server takes (README "Software upgrade packages"); another server may take other files. */
const PACKAGE_ACCEPT = '.tar,.tgz,.tar.gz,application/x-tar,application/gzip';

/**
 * /sw-upgrade (console-admin §2 "file uploader, shows versions"): the server's version and the GRM and GMP
 * versions with the date each arrived; an upgrade package upload for role -1 (a package is the whole system's).
 * The server verifies a package and refuses a bad one with its message, shown as the error.
 */
export default function SwUpgradePage() {
  const { t } = useTranslation('settings');
  const session = useSession();
  const dialogs = useDialogs();
  const version = useCall(endpoints.version, {});
  const mayUpload = session?.role_id === -1;

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const answer = await withLoadingModal(t('loading.swUpgrade'), () => api.call(endpoints.swUpgradeUpload, { body: form }));
      void dialogs.toast(answer.message ?? t('swUpgrade.uploaded'), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message, t('swUpgrade.uploadFailed'));
    } finally {
      void version.mutate();
    }
  };

  const part = (name: 'grm' | 'gmp', label: string) => {
    const info = version.data?.[name];
    return (
      <>
        <dt>{label}</dt>
        <dd data-testid={`sw-${name}-version`}>{info?.version || '-'}</dd>
        <dt>{t('swUpgrade.updatedAt', { part: label })}</dt>
        <dd data-testid={`sw-${name}-date`}>{info?.updatedAt ? formatDateTime(info.updatedAt) : '-'}</dd>
      </>
    );
  };

  return (
    <Page title={t('swUpgrade.title')}>
      <DetailGrid testId="sw-upgrade">
        <DetailCard title={t('swUpgrade.versions')} testId="sw-versions">
          {version.error ? (
            <p role="alert">{version.error.message}</p>
          ) : (
            <DetailFacts>
              <dt>{t('swUpgrade.version')}</dt>
              <dd data-testid="sw-version">{version.data?.version ?? '…'}</dd>
              {part('grm', 'GRM')}
              {part('gmp', 'GMP')}
            </DetailFacts>
          )}
        </DetailCard>
        {mayUpload && (
          <DetailCard title={t('swUpgrade.upload')} testId="sw-upload-card">
            <p>{t('swUpgrade.hint')}</p>
            <FilePickButton accept={PACKAGE_ACCEPT} label={t('swUpgrade.choose')} onFile={upload} testId="sw-upload" />
          </DetailCard>
        )}
      </DetailGrid>
    </Page>
  );
}
