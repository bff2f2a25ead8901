/*
 * The product side of a MAC entry (plus-signage §4 "Device entry"): the product code field and the list of codes
 * gathered so far, each a chip a tap removes. One component for the handheld's Plus mode and the console's two
 * assign modals, so the three cannot drift apart. Plain elements with the lean chip style, not Ionic's: the
 * handheld's /scan page carries no Ionic (docs/architecture.md §8), and ScanField already brings lean.css to every screen.
 */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanField } from './scan-field';
import type { useMacEntry } from './use-mac-entry';

export interface MacEntryProductFieldsProps {
  entry: ReturnType<typeof useMacEntry>;
  /** The address field's Enter moves here. */
  inputRef?: Ref<HTMLInputElement>;
  /** Offer the camera on the product field (the handheld and the Plus modal; the v1 modal types or wedges only). */
  cameraLabels?: { open?: string; close?: string; torch?: string; camera?: string };
  /** Test id of the chip list. */
  listTestId: string;
}

export function MacEntryProductFields({ entry: [s, dispatch], inputRef, cameraLabels, listTestId }: MacEntryProductFieldsProps) {
  const { t } = useTranslation('scan');
  return (
    <>
      <ScanField
        name="productCode"
        label={t('fields.productCode')}
        value={s.productCode}
        onChange={(value) => dispatch({ type: 'productCode', value })}
        onSubmit={() => dispatch({ type: 'addProduct' })}
        inputRef={inputRef}
        active={s.entry.state !== 0}
        camera={Boolean(cameraLabels)}
        cameraLabels={cameraLabels}
      />
      {s.products.length > 0 && (
        <div aria-label={t('plus.list')} data-testid={listTestId}>
          {s.products.map((code) => (
            <button
              type="button"
              className="lean-chip lean-chip--removable"
              key={code}
              onClick={() => dispatch({ type: 'removeProduct', code })}
              aria-label={t('plus.remove', { code })}
            >
              {code}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
