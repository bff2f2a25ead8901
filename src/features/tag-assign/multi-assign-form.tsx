/*
 * Multi assign (console-core §2, §5, §8): one tag showing a list of product codes, with nfc, layoutId and degree.
 * The list is cleaned here as the spec says (trimmed, blanks and repeats removed, zero-padded for the coop site)
 * and the cleaned list is what the user sees counted before sending.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonInput, IonNote, IonTextarea } from '@ionic/react';
import { MULTI_ASSIGN_MAX_CODES, NEW_TASK_ID } from '../../../contract/schemas/constants-core';
import type { TagDegree } from '../../../contract/schemas/tags';
import { tagsEndpoints } from '../../../contract/endpoints/tags';
import { api } from '../../platform/api';
import { useSiteProfile } from '../../platform/site-profile';
import { ScanField } from '../../scan/input/scan-field';
import { AssignFooter, DegreeField } from './assign-fields';
import { cleanCodeList, multiAssignProblem } from './assign-input';
import type { AssignPartProps } from './tag-assign-part';
import { useAssignSubmit } from './use-assign-submit';

// spec: core §2.44 — multi assign: product codes plus nfc, layoutId and degree
export function MultiAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const submit = useAssignSubmit(onAssigned);
  const { prCodePadLength } = useSiteProfile();
  const [tagId, setTagId] = useState('');
  const [codesText, setCodesText] = useState('');
  const [scanned, setScanned] = useState('');
  const [nfc, setNfc] = useState('');
  const [layoutId, setLayoutId] = useState('');
  const [degree, setDegree] = useState<TagDegree>(0);
  // ScanField is a plain input (no Ionic on the scan route): focus(), not setFocus().
  const tagRef = useRef<HTMLInputElement>(null);
  const productRef = useRef<HTMLInputElement>(null);
  const codesRef = useRef<HTMLIonTextareaElement>(null);
  const layoutRef = useRef<HTMLIonInputElement>(null);
  const codes = useMemo(() => cleanCodeList(codesText, prCodePadLength), [codesText, prCodePadLength]);

  const assign = async () => {
    const problem = multiAssignProblem({ tagId, codes, layoutId });
    if (problem === 'tagId') return submit.refuse(t('messages.enterTagId'), tagRef.current);
    if (problem === 'productCode') return submit.refuse(t('messages.enterProductCode'), codesRef.current);
    if (problem === 'tooMany') return submit.refuse(t('messages.tooMany', { max: MULTI_ASSIGN_MAX_CODES }), codesRef.current);
    if (problem === 'layoutId') return submit.refuse(t('messages.enterLayoutId'), layoutRef.current);
    const body = {
      taskId: NEW_TASK_ID,
      priorTaskId: NEW_TASK_ID,
      storeCode,
      tagMac: tagId.trim(),
      prCodeList: codes,
      layoutId: layoutId.trim(),
      degree,
      ...(nfc.trim() ? { nfc: nfc.trim() } : {}),
    };
    await submit.direct(
      () => api.call(tagsEndpoints.tagAssignMultiple, { body }),
      (answer) => ({
        text: t('messages.multiAssigned', { count: codes.length, tag: body.tagMac }),
        assigned: true,
        refused: answer.failed.map((f) => f.message),
      }),
    );
  };

  return (
    <form
      data-testid="multi-assign"
      onSubmit={(e) => {
        e.preventDefault();
        void assign();
      }}
    >
      <ScanField
        name="multiTagId"
        label={t('fields.tagId')}
        value={tagId}
        onChange={setTagId}
        onSubmit={() => productRef.current?.focus()}
        inputRef={tagRef}
        active={!tagId}
      />
      {/* Scans land in this field and join the list: a scan into the text area would go to the active scan field. */}
      <ScanField
        name="multiProductCode"
        label={t('fields.productCode')}
        value={scanned}
        onChange={setScanned}
        onSubmit={(code) => {
          setScanned('');
          setCodesText((text) => (text.trim() ? `${text.replace(/\s+$/, '')}\n${code.trim()}` : code.trim()));
        }}
        inputRef={productRef}
        active={Boolean(tagId)}
      />
      <IonTextarea
        ref={codesRef}
        name="prCodeList"
        label={t('fields.productCodes')}
        labelPlacement="stacked"
        helperText={t('fields.productCodesHelp')}
        autoGrow
        rows={4}
        value={codesText}
        onIonInput={(e) => setCodesText(String(e.detail.value ?? ''))}
      />
      <IonNote data-testid="multi-count">{t('messages.willSend', { count: codes.length })}</IonNote>
      <IonInput
        name="layoutId"
        ref={layoutRef}
        label={t('fields.layoutId')}
        labelPlacement="stacked"
        value={layoutId}
        autocomplete="off"
        onIonInput={(e) => setLayoutId(String(e.detail.value ?? ''))}
      />
      <IonInput
        name="nfc"
        label={t('fields.nfc')}
        labelPlacement="stacked"
        value={nfc}
        autocomplete="off"
        onIonInput={(e) => setNfc(String(e.detail.value ?? ''))}
      />
      <DegreeField value={degree} onChange={setDegree} />
      <AssignFooter note={submit.note} busy={submit.busy} submitTestId="multi-assign-submit" />
    </form>
  );
}
