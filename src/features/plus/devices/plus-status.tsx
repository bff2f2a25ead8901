import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PLUS_DEVICE_ONLINE } from '../../../../contract/schemas/constants-plus';
import { HealthBadge } from '../../../ui/status-badge';

/** The status words of the Plus screens, one translated set (issue 31 §11): stores NORMAL/ALARM/OFFLINE, devices ONLINE or not. */
const KNOWN = ['NORMAL', 'ALARM', 'OFFLINE', 'ONLINE'] as const;

/** A status word in the member's language; a value the spec does not name stays as the server sent it. */
export function usePlusStatusWord(): (status: string) => string {
  const { t } = useTranslation('plus');
  return useCallback(
    (status: string) => ((KNOWN as readonly string[]).includes(status) ? t(`health.${status as (typeof KNOWN)[number]}`) : status),
    [t],
  );
}

/** A device's status (plus-signage §2.2: ONLINE green, otherwise red), the raw value in data-status. */
export function PlusDeviceStatus({ status }: { status: string }) {
  const word = usePlusStatusWord();
  return (
    <HealthBadge
      status={status === PLUS_DEVICE_ONLINE || status === 'NORMAL' ? 'NORMAL' : status === 'ALARM' ? 'ALARM' : 'OFFLINE'}
      label={word(status)}
    />
  );
}

/**
 * A store's status in the overviews. A store without Plus devices has no status to speak of: the server says
 * NORMAL, which read as "all is well" (issue 31 §11), so it says that there are no devices instead.
 */
export function PlusStoreStatus({ status, devices }: { status: string; devices: number }) {
  const { t } = useTranslation('plus');
  const word = usePlusStatusWord();
  if (devices === 0) return <HealthBadge status="NONE" label={t('health.noDevices')} />;
  return <HealthBadge status={status} label={word(status)} />;
}
