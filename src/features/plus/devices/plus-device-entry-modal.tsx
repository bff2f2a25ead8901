import { useEffect, useRef } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { feedback } from '../../../scan/input/feedback';
import { MacEntryProductFields } from '../../../scan/input/mac-entry-product-fields';
import { MSG_ENTER_PRODUCT_CODE } from '../../../scan/input/mac-entry-state';
import { useMacEntry } from '../../../scan/input/use-mac-entry';
import { ScanField } from '../../../scan/input/scan-field';
import { useDialogs } from '../../../ui/dialogs';
import { ModalFrame } from '../../../ui/modal-frame';
import { useCameraLabels } from '../../../scan/screen/use-camera-labels';

export type EntryMode = 'assign' | 'deassign';

/**
 * Plus assign and deassign in the console (plus-signage §2.7, §4 "Device entry", §5): the handheld's MAC entry state
 * machine (src/scan/input/mac-entry-state.ts) with its questions and messages, sent straight to the server (the console
 * is online; the handheld's outbox is for the shelf). Success plays the success sound and reloads the list, failure
 * the failure sound with the server's message; either way the fields clear (state 0).
 */
// spec: plus §2.67 — the Plus assign and deassign modals
export function PlusDeviceEntryModal({
  storeCode,
  mode,
  onDone,
  onClose,
}: {
  storeCode: string;
  mode: EntryMode | undefined;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  const { t: ts } = useTranslation('scan');
  const dialogs = useDialogs();
  const cameraLabels = useCameraLabels();
  const macEntry = useMacEntry(dialogs.confirm, ts('messages.addTypedCode'));
  const [s, dispatch] = macEntry;
  const productRef = useRef<HTMLInputElement>(null);
  const sent = useRef<typeof s.request>(undefined);

  useEffect(() => {
    // spec: plus §4.18 — the success sound after an assign or deassign, the failure sound on failure
    const request = s.request;
    if (!request || sent.current === request) return;
    sent.current = request;
    const call =
      request.kind === 'assign'
        ? api.call(endpoints.plusAssign, {
            params: { storeCode },
            body: { storeCode, devList: [{ mac: request.mac, product: request.product }] },
          })
        : api.call(endpoints.plusDeassign, { params: { storeCode }, body: { storeCode, devList: [{ mac: request.mac }] } });
    call
      .then(() => {
        feedback.success();
        void dialogs.toast(t('messages.complete'), 'success');
        onDone();
      })
      .catch(async (e: Error) => {
        feedback.failure();
        await dialogs.error(e.message);
      })
      .finally(() => dispatch({ type: 'attempted' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request object
  }, [s.request]);

  const close = () => {
    dispatch({ type: 'attempted' });
    onClose();
  };
  const assigning = mode === 'assign';
  return (
    <ModalFrame
      isOpen={Boolean(mode)}
      title={t(`entry.${mode ?? 'assign'}`)}
      onClose={close}
      closeLabel={t('screen.close')}
      testId="plus-entry"
    >
      <p data-testid="plus-entry-state">{ts('plus.state', { state: s.entry.state })}</p>
      <ScanField
        name="address"
        label={ts('fields.address')}
        value={s.address}
        onChange={(value) => dispatch({ type: 'address', value })}
        onSubmit={() => (assigning ? productRef.current?.focus() : dispatch({ type: 'deassign' }))}
        active={s.entry.state === 0 || !assigning}
        camera
        cameraLabels={cameraLabels}
      />
      {assigning && (
        <MacEntryProductFields entry={macEntry} inputRef={productRef} cameraLabels={cameraLabels} listTestId="plus-entry-products" />
      )}
      {s.error && (
        <p role="alert" className="ion-color-danger" data-testid="plus-entry-error">
          {s.error === MSG_ENTER_PRODUCT_CODE ? ts('messages.enterProductCode') : s.error}
        </p>
      )}
      {assigning ? (
        <>
          <IonButton fill="outline" disabled={s.entry.state !== 1} onClick={() => dispatch({ type: 'addProduct' })}>
            {ts('actions.add')}
          </IonButton>
          <IonButton onClick={() => dispatch({ type: 'assign' })} data-testid="plus-entry-assign">
            {ts('actions.assign')}
          </IonButton>
        </>
      ) : (
        <IonButton color="medium" onClick={() => dispatch({ type: 'deassign' })} data-testid="plus-entry-deassign">
          {ts('actions.deassign')}
        </IonButton>
      )}
    </ModalFrame>
  );
}
