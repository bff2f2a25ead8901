/*
 * Plus assign (plus-signage §4 "Device entry", §5 "Assign (v1 modal)"): the pure MAC entry state machine drives
 * the fields; this component only renders it, asks its question, and sends its request through the outbox.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanField } from '../input/scan-field';
import { MacEntryProductFields } from '../input/mac-entry-product-fields';
import { MSG_ENTER_PRODUCT_CODE } from '../input/mac-entry-state';
import { useMacEntry } from '../input/use-mac-entry';
import { useConfirmDialog } from '../../ui/lean/confirm-dialog';
import { followFocus, type ModeProps } from './mode-props';
import { useCameraLabels } from './use-camera-labels';

export function PlusMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const { dialog, confirm } = useConfirmDialog();
  const cameraLabels = useCameraLabels();
  const { send } = log;
  const macEntry = useMacEntry(confirm, t('messages.addTypedCode'));
  const [s, dispatch] = macEntry;
  const addressRef = useRef<HTMLInputElement>(null);
  const productRef = useRef<HTMLInputElement>(null);
  const sent = useRef<typeof s.request>(undefined);

  useEffect(() => {
    const request = s.request;
    // Once per request object: StrictMode's second effect run must not queue the same write twice.
    if (!request || sent.current === request) return;
    sent.current = request;
    const done = () => {
      dispatch({ type: 'attempted' });
      followFocus(addressRef.current);
    };
    if (request.kind === 'assign') {
      void send('plusAssign', [request.mac, ...request.product], {
        kind: 'plusAssign',
        storeCode,
        payload: { storeCode, devList: [{ mac: request.mac, product: request.product }] },
      }).finally(done);
    } else {
      void send('plusDeassign', [request.mac], {
        kind: 'plusDeassign',
        storeCode,
        payload: { storeCode, devList: [{ mac: request.mac }] },
      }).finally(done);
    }
  }, [s.request, send, storeCode, dispatch]);

  return (
    <div data-testid="plus-mode" data-state={s.entry.state}>
      <span className="lean-note" data-testid="plus-state">
        {t('plus.state', { state: s.entry.state })}
      </span>
      <ScanField
        name="address"
        label={t('fields.address')}
        value={s.address}
        onChange={(value) => dispatch({ type: 'address', value })}
        onSubmit={() => followFocus(productRef.current)}
        inputRef={addressRef}
        active={s.entry.state === 0}
        camera
        cameraLabels={cameraLabels}
      />
      <MacEntryProductFields entry={macEntry} inputRef={productRef} cameraLabels={cameraLabels} listTestId="plus-products" />
      {s.error && (
        <p className="lean-note lean-note--danger" role="alert" data-testid="scan-error">
          {s.error === MSG_ENTER_PRODUCT_CODE ? t('messages.enterProductCode') : s.error}
        </p>
      )}
      <div className="lean-buttons">
        <button type="button" className="lean-button" disabled={s.entry.state !== 1} onClick={() => dispatch({ type: 'addProduct' })}>
          {t('actions.add')}
        </button>
        <button type="button" className="lean-button" onClick={() => dispatch({ type: 'assign' })} data-testid="plus-assign">
          {t('actions.assign')}
        </button>
        <button
          type="button"
          className="lean-button lean-button--medium"
          onClick={() => dispatch({ type: 'deassign' })}
          data-testid="plus-deassign"
        >
          {t('actions.deassign')}
        </button>
      </div>
      {dialog}
    </div>
  );
}
