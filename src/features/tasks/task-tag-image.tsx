import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonSpinner } from '@ionic/react';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { TASK_IMAGE_ROTATE_STEP } from './task-constants';

/**
 * Image-based update mode (console-admin §2): the image the tag shows, drawn by the server for the tag's type,
 * turnable by 90°. `tagRef` is the tag id (or MAC); with a product code instead, its first tag is shown.
 */
export function TaskTagImage({
  storeCode,
  tagRef,
  prCode,
  tagType,
}: {
  storeCode: string;
  tagRef?: string;
  prCode?: string;
  tagType: string;
}) {
  const { t } = useTranslation('tasks');
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [rotation, setRotation] = useState(0);
  useEffect(() => {
    let live = true;
    let objectUrl: string | undefined;
    (async () => {
      let mac = tagRef;
      if (!mac && prCode) {
        const page = await api.call(endpoints.productTagList, { params: { storeCode, prCode }, body: { draw: 1, start: 0, length: 1 } });
        mac = page.data[0]?.barcode;
      }
      if (!mac) throw new Error(t('image.noTag'));
      const blob = await api.blob(endpoints.tagImage, { params: { mac, storeCode }, query: { tagType } });
      objectUrl = URL.createObjectURL(blob);
      if (live) setUrl(objectUrl);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [storeCode, tagRef, prCode, tagType, t]);
  return (
    <figure className="task-image" data-testid="task-tag-image">
      {!url && !error && <IonSpinner aria-label={t('image.loading')} />}
      {error && <p role="alert">{error}</p>}
      {url && <img src={url} alt={t('image.alt')} style={{ transform: `rotate(${rotation}deg)` }} data-rotation={rotation} />}
      <IonButton size="small" fill="outline" onClick={() => setRotation((r) => (r + TASK_IMAGE_ROTATE_STEP) % 360)}>
        {t('image.rotate')}
      </IonButton>
    </figure>
  );
}
