/*
 * Assign tag, the continuous flow (issue 4 item 3, console-core §2 "Tag assign modal"): scan a tag, scan a product,
 * the pair goes to the outbox at once and both fields reset for the next pair. An unknown product is refused at
 * scan time from the offline copy, so a typo never waits in the queue to fail.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanField } from '../input/scan-field';
import { feedback } from '../input/feedback';
import { SegmentTabs } from '../../ui/lean/segment-tabs';
import { followFocus, productExists, type ModeProps } from './mode-props';
import { PairSteps } from './pair-steps';
import { useCameraLabels } from './use-camera-labels';
import { useScanHost } from './scan-host';

type Degree = '0' | '180';
const DEGREES = [
  { value: '0', label: '0°' },
  { value: '180', label: '180°' },
] as const;

// Loaded on first use, and only in the console: the modal is Ionic's, which the lean handheld app does not load.
const TagAssignModal = lazy(() => import('../../features/tag-assign/tag-assign-modal'));

export function AssignMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const cameraLabels = useCameraLabels();
  const [tagId, setTagId] = useState('');
  const [prCode, setPrCode] = useState('');
  const [degree, setDegree] = useState<Degree>('0');
  const [error, setError] = useState<string>();
  const [lastTag, setLastTag] = useState<string>();
  // The tag of the pair in progress once its scan was taken (not while it is typed): the product is awaited.
  const [takenTag, setTakenTag] = useState<string>();
  const host = useScanHost();
  const [modalOpen, setModalOpen] = useState(false);
  const tagRef = useRef<HTMLInputElement>(null);
  const productRef = useRef<HTMLInputElement>(null);
  // The lean app asked the console to open the modal (scan-host.ts).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time hand-over read from sessionStorage
    if (host.takeIntent('assignModal')) setModalOpen(true);
  }, [host]);
  // The tag a product scan pairs with: read from a ref, as two scans can arrive before React re-renders.
  const pendingTag = useRef('');

  const onTag = useCallback((code: string) => {
    pendingTag.current = code.trim();
    setTakenTag(code.trim());
    setError(undefined);
    feedback.tick();
    followFocus(productRef.current);
  }, []);

  const reset = useCallback(() => {
    pendingTag.current = '';
    setTakenTag(undefined);
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
        // The tag stays scanned, awaiting the right product (issue 31 §10: staff need not find and scan it again) —
        // unless a next tag was scanned meanwhile. And Undo has nothing to undo from this scan: no link was made,
        // so it must not reach back to the pair before, which staff are not looking at.
        setLastTag(undefined);
        if (!pendingTag.current) {
          pendingTag.current = tagMac;
          setTakenTag(tagMac);
          setTagId(tagMac);
          followFocus(productRef.current);
        }
        return;
      }
      setError(undefined);
      setLastTag(tagMac);
      await log.send('assign', [tagMac, product], {
        kind: 'tagAssign',
        storeCode,
        payload: { taskId: -1, priorTaskId: -1, storeCode, tagList: [{ tagMac, prCode: product, degree: degree === '180' ? 180 : 0 }] },
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
      <PairSteps tag={takenTag} />
      <ScanField
        name="tagId"
        label={t('fields.tagId')}
        value={tagId}
        onChange={(v) => {
          setTagId(v);
          // An edit makes it a new tag, taken only when sent (a wedge scan sends at once: onTag follows).
          setTakenTag(undefined);
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
      <SegmentTabs<Degree> label={t('fields.degree')} value={degree} options={DEGREES} onChange={setDegree} testId="degree" />
      {error && (
        <p className="lean-note lean-note--danger" role="alert" data-testid="scan-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="lean-button lean-button--block lean-button--outline"
        disabled={!lastTag}
        onClick={() => void undo()}
        data-testid="undo"
      >
        {t('actions.undo')}
      </button>
      <button
        type="button"
        className="lean-button lean-button--block lean-button--clear"
        onClick={() => (host.lean ? host.openInConsole('assignModal') : setModalOpen(true))}
        data-testid="open-tag-assign"
      >
        {t('actions.assignModal')}
      </button>
    </div>
  );
}
