import { useTranslation } from 'react-i18next';
import { answerReceivedAt, useOffline } from '../platform/swr-cache';
import { formatDateTime } from './format-time';
import './offline-notice.css';

/**
 * "Offline, as of hh:mm": shown above a screen's data while the server is out of reach, with the time the answer
 * on screen was received (the console keeps its last answers: platform/swr-cache.ts). `data` is the answer the screen
 * shows; the notice stays hidden while online or when there is nothing on screen to date.
 */
export function OfflineNotice({ data }: { data: unknown }) {
  const { t } = useTranslation('common');
  const offline = useOffline();
  const at = answerReceivedAt(data);
  if (!offline || at === undefined) return null;
  const time = formatDateTime(at).slice(11, 16);
  return (
    <p className="offline-notice" role="status" data-testid="offline-notice" title={formatDateTime(at)}>
      {t('offline.asOf', { time })}
    </p>
  );
}
