/*
 * Single assign (console-core §2 "Tag assign modal", §5): tag id and product code, or the default product code.
 * Goes through the outbox like the scan screen's assign, so that it also works without a connection.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonInput, IonLabel, IonNote, IonSegment, IonSegmentButton } from '@ionic/react';
import { NEW_TASK_ID } from '../../api/contract/constants-core';
import { enqueue } from '../../offline/outbox';
import { knownProduct } from '../../offline/product-cache';
import { feedback } from '../../scan/feedback';
import { ScanField } from '../../scan/scan-field';
import { singleAssignCode } from './assign-input';
import { outboxResult } from './outbox-result';
import type { AssignPartProps } from './tag-assign-part';

type Degree = 0 | 180;
type Note = { tone: 'success' | 'danger' | 'warning'; text: string };

export function SingleAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const [tagId, setTagId] = useState('');
  const [prCode, setPrCode] = useState('');
  const [defaultPrCode, setDefaultPrCode] = useState('');
  const [degree, setDegree] = useState<Degree>(0);
  const [note, setNote] = useState<Note>();
  const [busy, setBusy] = useState(false);
  const tagRef = useRef<HTMLIonInputElement>(null);
  const productRef = useRef<HTMLIonInputElement>(null);
  // Read from refs: a wedge scan's onChange and onSubmit come in one task, before React re-renders.
  const tagNow = useRef('');
  const prCodeNow = useRef('');

  const fail = (text: string, focus?: HTMLIonInputElement | null) => {
    feedback.failure();
    setNote({ tone: 'danger', text });
    if (focus) void focus.setFocus();
  };

  const assign = async () => {
    const tagMac = tagNow.current.trim();
    const code = singleAssignCode(prCodeNow.current, defaultPrCode);
    if (!tagMac) return fail(t('messages.enterTagId'), tagRef.current);
    if (!code) return fail(t('messages.enterProductCode'), productRef.current);
    if ((await knownProduct(storeCode, code)) === false) return fail(t('messages.productNotFound'), productRef.current);
    setBusy(true);
    const id = await enqueue({
      kind: 'tagAssign',
      storeCode,
      payload: { taskId: NEW_TASK_ID, priorTaskId: NEW_TASK_ID, storeCode, tagList: [{ tagMac, prCode: code, degree }] },
    });
    const result = await outboxResult(id);
    setBusy(false);
    if (result.kind === 'failed') return fail(result.message);
    if (result.kind === 'done') feedback.success();
    setNote(result.kind === 'done' ? { tone: 'success', text: t('messages.assigned', { tag: tagMac, code }) } : { tone: 'warning', text: t('messages.queued') });
    onAssigned();
    tagNow.current = '';
    prCodeNow.current = '';
    setTagId('');
    setPrCode('');
    void tagRef.current?.setFocus();
  };

  return (
    <form
      data-testid="single-assign"
      onSubmit={(e) => {
        e.preventDefault();
        void assign();
      }}
    >
      <ScanField
        name="assignTagId"
        label={t('fields.tagId')}
        value={tagId}
        onChange={(v) => {
          setTagId(v);
          tagNow.current = v;
        }}
        onSubmit={() => void productRef.current?.setFocus()}
        inputRef={tagRef}
        active={!tagId}
      />
      <ScanField
        name="assignProductCode"
        label={t('fields.productCode')}
        value={prCode}
        onChange={(v) => {
          setPrCode(v);
          prCodeNow.current = v;
        }}
        onSubmit={() => void assign()}
        inputRef={productRef}
        active={Boolean(tagId)}
      />
      <IonInput
        name="defaultPrCode"
        label={t('fields.defaultPrCode')}
        labelPlacement="stacked"
        value={defaultPrCode}
        autocomplete="off"
        onIonInput={(e) => setDefaultPrCode(String(e.detail.value ?? ''))}
      />
      <IonLabel>{t('fields.degree')}</IonLabel>
      <IonSegment value={String(degree)} onIonChange={(e) => setDegree(e.detail.value === '180' ? 180 : 0)}>
        <IonSegmentButton value="0">0°</IonSegmentButton>
        <IonSegmentButton value="180">180°</IonSegmentButton>
      </IonSegment>
      {note && (
        <IonNote color={note.tone} role={note.tone === 'danger' ? 'alert' : 'status'} data-testid="assign-note">
          {note.text}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={busy} data-testid="single-assign-submit">
        {t('actions.assign')}
      </IonButton>
    </form>
  );
}
