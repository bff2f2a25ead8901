/*
 * Multi assign (console-core §2, §5, §8): one tag showing a list of product codes, with nfc, layoutId and degree.
 * The list is cleaned here as the spec says (trimmed, blanks and repeats removed, zero-padded for the coop site)
 * and the cleaned list is what the user sees counted before sending.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonInput, IonLabel, IonNote, IonSegment, IonSegmentButton, IonTextarea } from '@ionic/react';
import { MULTI_ASSIGN_MAX_CODES, NEW_TASK_ID } from '../../api/contract/constants-core';
import { tagsEndpoints } from '../../api/endpoints/tags';
import { api } from '../../app/api';
import { useSiteProfile } from '../../app/site-profile';
import { feedback } from '../../scan/feedback';
import { ScanField } from '../../scan/scan-field';
import { useDialogs } from '../../ui/dialogs';
import { cleanCodeList, multiAssignProblem } from './assign-input';
import { isOffline, type AssignPartProps } from './tag-assign-part';

type Degree = 0 | 180;

export function MultiAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const dialogs = useDialogs();
  const { prCodePadLength } = useSiteProfile();
  const [tagId, setTagId] = useState('');
  const [codesText, setCodesText] = useState('');
  const [scanned, setScanned] = useState('');
  const [nfc, setNfc] = useState('');
  const [layoutId, setLayoutId] = useState('');
  const [degree, setDegree] = useState<Degree>(0);
  const [note, setNote] = useState<{ tone: 'success' | 'danger'; text: string }>();
  const [busy, setBusy] = useState(false);
  const tagRef = useRef<HTMLIonInputElement>(null);
  const productRef = useRef<HTMLIonInputElement>(null);
  const codesRef = useRef<HTMLIonTextareaElement>(null);
  const layoutRef = useRef<HTMLIonInputElement>(null);
  const codes = useMemo(() => cleanCodeList(codesText, prCodePadLength), [codesText, prCodePadLength]);

  const refuse = (text: string, focus?: { setFocus(): Promise<void> } | null) => {
    feedback.failure();
    setNote({ tone: 'danger', text });
    void focus?.setFocus();
  };

  const assign = async () => {
    const problem = multiAssignProblem({ tagId, codes, layoutId });
    if (problem === 'tagId') return refuse(t('messages.enterTagId'), tagRef.current);
    if (problem === 'productCode') return refuse(t('messages.enterProductCode'), codesRef.current);
    if (problem === 'tooMany') return refuse(t('messages.tooMany', { max: MULTI_ASSIGN_MAX_CODES }), codesRef.current);
    if (problem === 'layoutId') return refuse(t('messages.enterLayoutId'), layoutRef.current);
    if (isOffline()) return refuse(t('messages.needsConnection'));
    setBusy(true);
    try {
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
      const answer = await api.call(tagsEndpoints.tagAssignMultiple, { body });
      feedback.success();
      setNote({ tone: 'success', text: t('messages.multiAssigned', { count: codes.length, tag: body.tagMac }) });
      onAssigned();
      if (answer.failed.length) await dialogs.error(answer.failed.map((f) => f.message).join('\n'));
    } catch (error) {
      // The client already turns a failure into the server's message, or "statusText (status)" (console-core §8).
      feedback.failure();
      const message = isOffline(error) ? t('messages.needsConnection') : (error as Error).message;
      setNote({ tone: 'danger', text: message });
      await dialogs.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      data-testid="multi-assign"
      onSubmit={(e) => {
        e.preventDefault();
        void assign();
      }}
    >
      <ScanField name="multiTagId" label={t('fields.tagId')} value={tagId} onChange={setTagId} onSubmit={() => void productRef.current?.setFocus()} inputRef={tagRef} active={!tagId} />
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
      <IonInput name="layoutId" ref={layoutRef} label={t('fields.layoutId')} labelPlacement="stacked" value={layoutId} autocomplete="off" onIonInput={(e) => setLayoutId(String(e.detail.value ?? ''))} />
      <IonInput name="nfc" label={t('fields.nfc')} labelPlacement="stacked" value={nfc} autocomplete="off" onIonInput={(e) => setNfc(String(e.detail.value ?? ''))} />
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
      <IonButton type="submit" expand="block" disabled={busy} data-testid="multi-assign-submit">
        {t('actions.assign')}
      </IonButton>
    </form>
  );
}
