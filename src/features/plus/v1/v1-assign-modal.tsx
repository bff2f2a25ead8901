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

/**
 * The v1 master assign (plus-signage §2.7, §4 "Device entry" states 0/1/2, §5): the MAC entry state machine of the
 * handheld, opened on a row's address. The assign replaces the device's product list. Failure: "Error" with empty
 * text (§8) and the failure sound; either way the fields clear (state 0).
 */
// spec: plus §2.67 — the master assign modal
export function V1AssignModal({ mac, onDone, onClose }: { mac: string | undefined; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('plusV1');
  const { t: ts } = useTranslation('scan');
  const dialogs = useDialogs();
  const macEntry = useMacEntry(dialogs.confirm, ts('messages.addTypedCode'));
  const [s, dispatch] = macEntry;
  const productRef = useRef<HTMLInputElement>(null);
  const sent = useRef<typeof s.request>(undefined);

  useEffect(() => {
    if (mac) dispatch({ type: 'address', value: mac });
  }, [mac, dispatch]);
  useEffect(() => {
    const request = s.request;
    if (!request || request.kind !== 'assign' || sent.current === request) return;
    sent.current = request;
    api
      .call(endpoints.plusV1Assign, { body: { mac: request.mac, product: request.product } })
      .then(() => {
        feedback.success();
        void dialogs.toast(t('complete'), 'success');
        onDone();
      })
      .catch(async () => {
        feedback.failure();
        await dialogs.error('');
      })
      .finally(() => dispatch({ type: 'attempted' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request object
  }, [s.request]);

  const close = () => {
    dispatch({ type: 'attempted' });
    onClose();
  };
  return (
    <ModalFrame isOpen={Boolean(mac)} title={t('master.assign')} onClose={close} closeLabel={t('close')} testId="v1-assign">
      <p data-testid="v1-assign-state">{ts('plus.state', { state: s.entry.state })}</p>
      <ScanField
        name="address"
        label={ts('fields.address')}
        value={s.address}
        onChange={(value) => dispatch({ type: 'address', value })}
        onSubmit={() => productRef.current?.focus()}
        active={s.entry.state === 0}
      />
      <MacEntryProductFields entry={macEntry} inputRef={productRef} listTestId="v1-assign-products" />
      {s.error && (
        <p role="alert" className="ion-color-danger" data-testid="v1-assign-error">
          {s.error === MSG_ENTER_PRODUCT_CODE ? ts('messages.enterProductCode') : s.error}
        </p>
      )}
      <IonButton fill="outline" disabled={s.entry.state !== 1} onClick={() => dispatch({ type: 'addProduct' })}>
        {ts('actions.add')}
      </IonButton>
      <IonButton onClick={() => dispatch({ type: 'assign' })} data-testid="v1-assign-submit">
        {ts('actions.assign')}
      </IonButton>
    </ModalFrame>
  );
}
