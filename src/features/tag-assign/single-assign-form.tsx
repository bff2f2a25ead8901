/*
 * Single assign (console-core §2 "Tag assign modal", §5): tag id and product code, or the default product code.
 * Goes through the outbox like the scan screen's assign, so that it also works without a connection.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonInput } from '@ionic/react';
import { NEW_TASK_ID } from '../../../contract/schemas/constants-core';
import type { TagDegree } from '../../../contract/schemas/tags';
import { knownProduct } from '../../offline/product-cache';
import { ScanField } from '../../scan/input/scan-field';
import { AssignFooter, DegreeField } from './assign-fields';
import { singleAssignCode } from './assign-input';
import type { AssignPartProps } from './tag-assign-part';
import { useAssignSubmit } from './use-assign-submit';

// spec: core §2.43 — single assign: tag id and product code or default code; reset, refocus, sounds
export function SingleAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const submit = useAssignSubmit(onAssigned);
  const [tagId, setTagId] = useState('');
  const [prCode, setPrCode] = useState('');
  const [defaultPrCode, setDefaultPrCode] = useState('');
  const [degree, setDegree] = useState<TagDegree>(0);
  // ScanField is a plain input (no Ionic on the scan route): focus(), not setFocus().
  const tagRef = useRef<HTMLInputElement>(null);
  const productRef = useRef<HTMLInputElement>(null);
  // Read from refs: a wedge scan's onChange and onSubmit come in one task, before React re-renders.
  const tagNow = useRef('');
  const prCodeNow = useRef('');

  const assign = async () => {
    const tagMac = tagNow.current.trim();
    const code = singleAssignCode(prCodeNow.current, defaultPrCode);
    if (!tagMac) return submit.refuse(t('messages.enterTagId'), tagRef.current);
    if (!code) return submit.refuse(t('messages.enterProductCode'), productRef.current);
    if ((await knownProduct(storeCode, code)) === false) return submit.refuse(t('messages.productNotFound'), productRef.current);
    const payload = { taskId: NEW_TASK_ID, priorTaskId: NEW_TASK_ID, storeCode, tagList: [{ tagMac, prCode: code, degree }] };
    if (!(await submit.viaOutbox(storeCode, payload, t('messages.assigned', { tag: tagMac, code })))) return;
    tagNow.current = '';
    prCodeNow.current = '';
    setTagId('');
    setPrCode('');
    tagRef.current?.focus();
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
        onSubmit={() => productRef.current?.focus()}
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
        // Outlined like the scan fields above it (issue 31 §10): a bare line did not read as a field.
        fill="outline"
        value={defaultPrCode}
        autocomplete="off"
        onIonInput={(e) => setDefaultPrCode(String(e.detail.value ?? ''))}
      />
      <DegreeField value={degree} onChange={setDegree} />
      <AssignFooter note={submit.note} busy={submit.busy} submitTestId="single-assign-submit" />
    </form>
  );
}
