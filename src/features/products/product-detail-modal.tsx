import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonSpinner } from '@ionic/react';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import type { Product } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import useSWR from 'swr';
import type { ApiFailure } from '../../platform/contract-client';
import type { ProductPreviewBody } from '../../../contract/schemas/products';
import { api } from '../../platform/api';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';
import { PRODUCT_IMAGE_ROTATE_STEP } from './product-constants';
import { slotLabel } from './use-product-store';

/** A preview is a POST that changes nothing: read it like a GET, keyed by what it draws. */
const usePreview = (body: ProductPreviewBody) =>
  useSWR(['productPreview', JSON.stringify(body)], () => api.call(endpoints.productPreview, { body }), { revalidateOnFocus: false }) as {
    data?: { encodedImage: string };
    error?: ApiFailure;
    isLoading: boolean;
  };

/** The label the product would show, from the server's renderer, turnable by 90° (the product image modal). */
// spec: admin §2.11 — product image with rotate (also the task detail preview)
export function ProductImage({
  companyCode,
  product,
  testId,
}: {
  companyCode: string;
  product: Pick<Product, 'prCode' | 'prInfo' | 'layoutId' | 'tagType'>;
  testId: string;
}) {
  const { t } = useTranslation('products');
  const [rotation, setRotation] = useState(0);
  // `<tag prefix>_<layout>`: the first tag type showing the product picks the size; none draws the common size.
  const layoutId = `${product.tagType[0] ?? ''}_${product.layoutId || 'DEFAULT'}`;
  const body = { layoutId, prInfo: product.prInfo, prCode: product.prCode, companyCode };
  const result = usePreview(body);
  return (
    <figure className="product-image" data-testid={testId}>
      {result.isLoading && <IonSpinner aria-label={t('image.loading')} />}
      {result.error && <p role="alert">{result.error.message}</p>}
      {result.data && (
        <img
          src={`data:image/png;base64,${result.data.encodedImage}`}
          alt={t('image.alt', { code: product.prCode })}
          style={{ transform: `rotate(${rotation}deg)` }}
          data-rotation={rotation}
        />
      )}
      <IonButton
        size="small"
        fill="outline"
        onClick={() => setRotation((r) => (r + PRODUCT_IMAGE_ROTATE_STEP) % 360)}
        data-testid={`${testId}-rotate`}
      >
        {t('image.rotate')}
      </IonButton>
    </figure>
  );
}

/** The magnifier of members without product write: every field of the product, read only, and its image. */
export function ProductDetailModal({
  companyCode,
  alias,
  product,
  onClose,
}: {
  companyCode: string;
  alias: readonly AliasItem[];
  product: Product | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('products');
  return (
    <ModalFrame
      isOpen={Boolean(product)}
      title={t('detail.title', { code: product?.prCode ?? '' })}
      onClose={onClose}
      closeLabel={t('actions.close')}
      testId="product-detail"
    >
      {product && (
        <>
          <dl className="product-facts">
            <dt>{t('columns.prCode')}</dt>
            <dd>{product.prCode}</dd>
            <dt>{t('columns.layoutId')}</dt>
            <dd>{product.layoutId}</dd>
            <dt>{t('columns.type')}</dt>
            <dd>{product.type}</dd>
            <dt>{t('columns.nfc')}</dt>
            <dd>{product.nfc}</dd>
            {product.prInfo.map((v, i) => (
              <div key={i} className="product-fact">
                <dt>{slotLabel(alias, i)}</dt>
                <dd>{v}</dd>
              </div>
            ))}
            <dt>{t('columns.updatedAt')}</dt>
            <dd>{formatDateTime(product.updatedAt)}</dd>
          </dl>
          {companyCode && <ProductImage companyCode={companyCode} product={product} testId="product-detail-image" />}
        </>
      )}
    </ModalFrame>
  );
}
