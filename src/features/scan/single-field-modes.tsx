/*
 * The modes that take one scan: deassign a tag (through the outbox), blink a product's tags (never queued: a blink
 * that fires an hour later on the shelf helps nobody, so offline it fails at once — DESIGN.md §5) and lookup.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { ApiFailure } from '../../api/client';
import { tagsEndpoints } from '../../api/endpoints/tags';
import type { ProductLookup } from '../../api/contract/tags';
import { api } from '../../app/api';
import { ScanField } from '../../scan/scan-field';
import { feedback } from '../../scan/feedback';
import { cachedProduct } from '../../offline/product-cache';
import type { ModeProps } from './mode-props';
import { useCameraLabels } from './use-camera-labels';

const isOffline = (error?: unknown) =>
  (typeof navigator !== 'undefined' && !navigator.onLine) || (error instanceof ApiFailure && error.network);

function OneField({ name, label, onScan }: { name: string; label: string; onScan(code: string): void }) {
  const [value, setValue] = useState('');
  const cameraLabels = useCameraLabels();
  return (
    <ScanField
      name={name}
      label={label}
      value={value}
      onChange={setValue}
      onSubmit={(code) => {
        setValue('');
        if (code.trim()) onScan(code.trim()); // §5: ignored when the code is empty
      }}
      active
      camera
      cameraLabels={cameraLabels}
    />
  );
}

export function DeassignMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  return (
    <OneField
      name="tagId"
      label={t('fields.tagId')}
      onScan={(tag) => void log.send('deassign', [tag], { kind: 'tagDeassign', storeCode, payload: { storeCode, tagList: [tag] } })}
    />
  );
}

export function BlinkMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const fail = (prCode: string, message: string) => {
    feedback.failure();
    log.add({ kind: 'blink', codes: [prCode], status: 'failed', message });
  };
  const blink = async (prCode: string) => {
    // Checked before the call so the failure sound comes at once, not after the browser gives up on the network.
    if (isOffline()) return fail(prCode, t('messages.blinkOffline'));
    try {
      const answer = await api.call(tagsEndpoints.tagLed, { body: { storeCode, prCode } });
      feedback.success();
      log.add({ kind: 'blink', codes: [prCode], status: 'ok', message: t('messages.blinkDone', { count: answer.count }) });
    } catch (error) {
      fail(prCode, isOffline(error) ? t('messages.blinkOffline') : (error as Error).message);
    }
  };
  return <OneField name="productCode" label={t('fields.productCode')} onScan={(c) => void blink(c)} />;
}

export function LookupMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const [product, setProduct] = useState<ProductLookup>();
  const notFound = (prCode: string) => {
    feedback.failure();
    setProduct(undefined);
    log.add({ kind: 'lookup', codes: [prCode], status: 'failed', message: t('messages.productNotFound') });
  };
  const lookup = async (prCode: string) => {
    try {
      const found = await api.call(tagsEndpoints.productByCode, { params: { storeCode, prCode } });
      feedback.success();
      setProduct(found);
      log.add({ kind: 'lookup', codes: [prCode], status: 'ok' });
    } catch (error) {
      if (!isOffline(error)) return notFound(prCode);
      // Offline: the store's copy still knows the name.
      const cached = await cachedProduct(storeCode, prCode);
      if (!cached) return notFound(prCode);
      feedback.success();
      setProduct({ prCode, storeCode, prInfo: [cached.name] });
      log.add({ kind: 'lookup', codes: [prCode], status: 'ok' });
    }
  };
  return (
    <>
      <OneField name="productCode" label={t('fields.productCode')} onScan={(c) => void lookup(c)} />
      {product && (
        <IonList data-testid="lookup-result">
          <IonItem>
            <IonLabel>{t('fields.productCode')}</IonLabel>
            <IonNote slot="end">{product.prCode}</IonNote>
          </IonItem>
          <IonItem>
            <IonLabel>{t('lookup.name')}</IonLabel>
            <IonNote slot="end">{product.prInfo[0] ?? ''}</IonNote>
          </IonItem>
          {product.type && (
            <IonItem>
              <IonLabel>{t('lookup.type')}</IonLabel>
              <IonNote slot="end">{product.type}</IonNote>
            </IonItem>
          )}
          {product.tagCount !== undefined && (
            <IonItem>
              <IonLabel>{t('lookup.tags')}</IonLabel>
              <IonNote slot="end">{product.tagCount}</IonNote>
            </IonItem>
          )}
        </IonList>
      )}
    </>
  );
}
