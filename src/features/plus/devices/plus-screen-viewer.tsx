import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlusDevice } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { formatDateTime } from '../../../ui/format-time';
import { ModalFrame } from '../../../ui/modal-frame';

export type CaptureKind = 'screen' | 'vision';

/**
 * A device's screen image or camera (vision) picture (plus-signage §2.2 row actions, §7.2 captures) with the time
 * it was taken. `capture` names the device and which picture; undefined closes the viewer.
 */
export function PlusScreenViewer({
  storeCode,
  capture,
  onClose,
}: {
  storeCode: string;
  capture: { device: PlusDevice; kind: CaptureKind } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  const device = capture?.device;
  const kind = capture?.kind ?? 'screen';
  const params = device ? { storeCode, mac: device.mac, kind } : undefined;
  const info = useCall(endpoints.plusCaptureInfo, params ? { params } : null);
  // The image of the device opened (a result for another device is never shown).
  const [shot, setShot] = useState<{ mac: string; kind: CaptureKind; url?: string; takenAt?: Date; error?: string }>();
  useEffect(() => {
    if (!params) return;
    let objectUrl: string | undefined;
    let live = true;
    api
      .file(endpoints.plusCaptureFile, { params })
      .then(({ blob, lastModified }) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setShot({ mac: params.mac, kind: params.kind, url: objectUrl, takenAt: lastModified });
      })
      .catch((e: Error) => live && setShot({ mac: params.mac, kind: params.kind, error: e.message }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one fetch per device and picture opened
  }, [storeCode, device?.mac, kind]);

  const current = shot && shot.mac === device?.mac && shot.kind === kind ? shot : undefined;
  return (
    <ModalFrame
      isOpen={Boolean(device)}
      title={t(kind === 'screen' ? 'screen.title' : 'screen.cameraTitle', { mac: device?.mac ?? '' })}
      onClose={onClose}
      closeLabel={t('screen.close')}
      testId="plus-screen-viewer"
    >
      {/* The picture's own time (its answer's Last-Modified); the capture info only while none is shown or said. */}
      <p data-testid="plus-screen-taken-at">
        {t('screen.takenAt', { time: formatDateTime(current?.takenAt?.toISOString() ?? info.data?.updatedAt ?? null) || '-' })}
      </p>
      {current?.error && <p role="alert">{current.error}</p>}
      {current?.url && (
        <img
          src={current.url}
          alt={t(kind === 'screen' ? 'screen.alt' : 'screen.cameraAlt', { mac: device?.mac ?? '' })}
          data-testid="plus-screen-image"
          style={{ maxWidth: '100%', border: '1px solid var(--ion-color-medium)' }}
        />
      )}
    </ModalFrame>
  );
}
