import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonSpinner } from '@ionic/react';
import { NO_PRODUCT_LAYOUT_MARK } from '../../../contract/schemas/constants-core';
import type { Tag } from '../../../contract/schemas/tags';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { ModalFrame } from '../../ui/modal-frame';
import { TAG_PREVIEW_LOOP_MS, TAG_PREVIEW_ROTATE_STEP } from './tag-constants';

/** The main image, then the sub images, in a loop (console-core §2 Tag status). */
function useLoop(count: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TAG_PREVIEW_LOOP_MS);
    return () => clearInterval(timer);
  }, [count]);
  return count ? index % count : 0;
}

/** What the tag shows: its images in a loop, rotatable by 90°; a layoutId containing no_product means no product. */
// spec: core §2.41 — main image and sub images in a loop, rotated by 90 degrees; no_product layout means no product
export function TagPreviewModal({ storeCode, tag, onClose }: { storeCode: string; tag: Tag | undefined; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const [rotation, setRotation] = useState(0);
  const preview = useCall(endpoints.tagPreview, tag ? { params: { storeCode, tagMac: tag.tagMac } } : null);
  const images = preview.data ? [preview.data.encodedImage, ...preview.data.subPage] : [];
  const index = useLoop(images.length);
  const noProduct = preview.data?.layoutId.includes(NO_PRODUCT_LAYOUT_MARK);

  return (
    <ModalFrame
      isOpen={Boolean(tag)}
      title={t('preview.title', { tag: tag?.barcode ?? '' })}
      onClose={onClose}
      closeLabel={t('preview.close')}
      testId="tag-preview"
    >
      {preview.isLoading && <IonSpinner aria-label={t('preview.loading')} />}
      {/* spec: core §8.15 — a failed preview shows the server message */}
      {preview.error && (
        <p className="tag-preview-error" role="alert">
          {preview.error.message}
        </p>
      )}
      {preview.data && (
        <figure className="tag-preview" data-layout={preview.data.layoutId}>
          <div className="tag-preview-frame">
            <img
              src={`data:image/png;base64,${images[index]}`}
              alt={t(index === 0 ? 'preview.mainImage' : 'preview.subImage', { n: index })}
              style={{ transform: `rotate(${rotation}deg)` }}
              data-testid="tag-preview-image"
              data-index={index}
              data-rotation={rotation}
            />
          </div>
          <figcaption>
            {noProduct ? t('preview.noProduct') : preview.data.prInfo.filter(Boolean).join(' / ')}
            <span className="tag-preview-count">{t('preview.page', { n: index + 1, total: images.length })}</span>
          </figcaption>
          <IonButton size="small" fill="outline" onClick={() => setRotation((r) => (r + TAG_PREVIEW_ROTATE_STEP) % 360)}>
            {t('preview.rotate')}
          </IonButton>
        </figure>
      )}
    </ModalFrame>
  );
}
