import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { refreshOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { PlusFileAssetType } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { ModalFrame } from '../../../ui/modal-frame';
import { useObjectUrl } from './use-object-url';

export interface ViewedAsset {
  type: PlusFileAssetType;
  id: string;
  name: string;
}

/** The viewer of an image or video (plus-signage §2.2): images turn by 90° at a time. */
export function MediaViewer({ storeCode, asset, onClose }: { storeCode: string; asset: ViewedAsset | undefined; onClose: () => void }) {
  const { t } = useTranslation('plusMedia');
  // spec: plus §2.31 — the viewer turns an image by 90 degrees
  const [turns, setTurns] = useState(0);
  const url = useObjectUrl(
    asset && (() => api.blob(endpoints.plusAssetFile, { params: { storeCode, type: asset.type, id: asset.id } })),
    asset ? `${asset.type}:${asset.id}` : '',
  );
  const close = () => {
    setTurns(0);
    onClose();
  };
  return (
    <ModalFrame isOpen={!!asset} title={asset?.name ?? ''} onClose={close} closeLabel={t('close')} testId="plus-media-viewer">
      {asset?.type === 'image' && (
        <IonButton size="small" fill="outline" onClick={() => setTurns((n) => (n + 1) % 4)} data-testid="plus-media-rotate">
          <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
          {t('rotate')}
        </IonButton>
      )}
      <div className="plus-media-stage">
        {!url && <p>{t('loading')}</p>}
        {url && asset?.type === 'image' && (
          <img
            src={url}
            alt={asset.name}
            style={{ transform: `rotate(${turns * 90}deg)` }}
            data-testid="plus-media-viewer-image"
            data-turns={turns}
          />
        )}
        {url && asset?.type === 'video' && <video src={url} controls aria-label={asset.name} data-testid="plus-media-viewer-video" />}
      </div>
    </ModalFrame>
  );
}
