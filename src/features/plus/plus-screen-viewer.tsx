import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlusDevice } from '../../api/contract/plus';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';

/** The device's screen image (plus-signage §7.2 screen capture) with the time it was taken. */
export function PlusScreenViewer({ storeCode, device, onClose }: { storeCode: string; device: PlusDevice | undefined; onClose: () => void }) {
  const { t } = useTranslation('plus');
  const params = device ? { storeCode, mac: device.mac, kind: 'screen' as const } : undefined;
  const info = useCall(endpoints.plusCaptureInfo, params ? { params } : null);
  // The image of the device opened (a result for another device is never shown).
  const [shot, setShot] = useState<{ mac: string; url?: string; error?: string }>();
  useEffect(() => {
    if (!params) return;
    let objectUrl: string | undefined;
    let live = true;
    api
      .blob(endpoints.plusCaptureFile, { params })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setShot({ mac: params.mac, url: objectUrl });
      })
      .catch((e: Error) => live && setShot({ mac: params.mac, error: e.message }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one fetch per device opened
  }, [storeCode, device?.mac]);

  const current = shot && shot.mac === device?.mac ? shot : undefined;
  return (
    <ModalFrame isOpen={Boolean(device)} title={t('screen.title', { mac: device?.mac ?? '' })} onClose={onClose} closeLabel={t('screen.close')} testId="plus-screen-viewer">
      <p>{t('screen.takenAt', { time: formatDateTime(info.data?.updatedAt ?? null) || '-' })}</p>
      {current?.error && <p role="alert">{current.error}</p>}
      {current?.url && <img src={current.url} alt={t('screen.alt', { mac: device?.mac ?? '' })} data-testid="plus-screen-image" style={{ maxWidth: '100%', border: '1px solid var(--ion-color-medium)' }} />}
    </ModalFrame>
  );
}
