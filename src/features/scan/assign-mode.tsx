/*
 * Assign tag, the continuous flow (issue 4 item 3, console-core §2 "Tag assign modal"): scan a tag, scan a product,
 * the pair goes to the outbox at once and both fields reset for the next pair. An unknown product is refused at
 * scan time from the offline copy, so a typo never waits in the queue to fail.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonLabel, IonNote, IonSegment, IonSegmentButton } from '@ionic/react';
import { ScanField } from '../../scan/scan-field';
import { feedback } from '../../scan/feedback';
import { followFocus, productExists, type ModeProps } from './mode-props';
import { useCameraLabels } from './use-camera-labels';

type Degree = 0 | 180;

// Loaded on first use: the scan route is the handheld's first load and stays lean (DESIGN.md §8).
const TagAssignModal = lazy(() => import('../tag-assign/tag-assign-modal'));

export function AssignMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const cameraLabels = useCameraLabels();
  const [tagId, setTagId] = useState('');
  const [prCode, setPrCode] = useState('');
  const [degree, setDegree] = useState<Degree>(0);
  const [error, setError] = useState<string>();
  const [lastTag, setLastTag] = useState<string>();
  const [modalOpen, setModalOpen] = useState(false);
  const tagRef = useRef<HTMLIonInputElement>(null);
  const productRef = useRef<HTMLIonInputElement>(null);
  // The tag a product scan pairs with: read from a ref, as two scans can arrive before React re-renders.
  const pendingTag = useRef('');

  const onTag = useCallback((code: string) => {
    pendingTag.current = code.trim();
    setError(undefined);
    followFocus(productRef.current);
  }, []);

  const reset = useCallback(() => {
    pendingTag.current = '';
    setTagId('');
    setPrCode('');
    followFocus(tagRef.current);
  }, []);

  const onProduct = useCallback(
    async (code: string) => {
      const tagMac = pendingTag.current;
      const product = code.trim();
      if (!tagMac) {
        feedback.failure();
        setError(t('messages.enterTagId'));
        setPrCode('');
        followFocus(tagRef.current);
        return;
      }
      // The pair leaves the fields before the product check awaits: a tag scanned right behind this product must
      // land in the tag field, not in the product field of a pair that is already taken.
      reset();
      if ((await productExists(storeCode, product)) === false) {
        feedback.failure();
        setError(t('messages.productNotFound'));
        log.add({ kind: 'assign', codes: [tagMac, product], status: 'failed', message: t('messages.productNotFound') });
        return;
      }
      setError(undefined);
      setLastTag(tagMac);
      await log.send('assign', [tagMac, product], {
        kind: 'tagAssign',
        storeCode,
        payload: { taskId: -1, priorTaskId: -1, storeCode, tagList: [{ tagMac, prCode: product, degree }] },
      });
    },
    [storeCode, degree, log, reset, t],
  );

  const undo = useCallback(async () => {
    if (!lastTag) return;
    setLastTag(undefined);
    await log.send('undo', [lastTag], { kind: 'tagDeassign', storeCode, payload: { storeCode, tagList: [lastTag] } });
  }, [lastTag, log, storeCode]);

  const step = tagId ? 'product' : 'tag';
  const modal = (
    <Suspense fallback={null}>
      <TagAssignModal storeCode={storeCode} isOpen={modalOpen} onClose={() => setModalOpen(false)} />
    </Suspense>
  );
  // While the modal is open its fields take the scans: this flow's fields step aside (and register again after).
  if (modalOpen) return modal;
  return (
    <div data-testid="assign-mode">
      <ScanField
        name="tagId"
        label={t('fields.tagId')}
        value={tagId}
        onChange={(v) => {
          setTagId(v);
          pendingTag.current = v.trim();
        }}
        onSubmit={onTag}
        inputRef={tagRef}
        active={step === 'tag'}
        camera
        cameraLabels={cameraLabels}
      />
      <ScanField
        name="productCode"
        label={t('fields.productCode')}
        value={prCode}
        onChange={setPrCode}
        onSubmit={(c) => void onProduct(c)}
        inputRef={productRef}
        active={step === 'product'}
        camera
        cameraLabels={cameraLabels}
      />
      <IonLabel>{t('fields.degree')}</IonLabel>
      <IonSegment value={String(degree)} onIonChange={(e) => setDegree(e.detail.value === '180' ? 180 : 0)}>
        <IonSegmentButton value="0">0°</IonSegmentButton>
        <IonSegmentButton value="180">180°</IonSegmentButton>
      </IonSegment>
      {error && (
        <IonNote color="danger" role="alert" data-testid="scan-error">
          {error}
        </IonNote>
      )}
      <IonButton expand="block" fill="outline" disabled={!lastTag} onClick={() => void undo()} data-testid="undo">
        {t('actions.undo')}
      </IonButton>
      <IonButton expand="block" fill="clear" onClick={() => setModalOpen(true)} data-testid="open-tag-assign">
        {t('actions.assignModal')}
      </IonButton>
    </div>
  );
}
