import { useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/fields';
import { FilePickButton } from '../../ui/file-pick-button';
import { PRODUCT_FILE_ACCEPT } from './print-constants';
import { PRINT_QTY_DEFAULT } from '../../../contract/schemas/constants-plus';
import type { RequestedCode } from './print-list';

interface Props {
  /** Resolves when the codes are looked up and added (or refused with a dialog). */
  onAdd: (codes: RequestedCode[]) => Promise<void>;
  onFile: (file: File) => Promise<void>;
}

/** Products join the print list by code (typed or scanned, Enter adds) or from a .csv/.txt file. */
export function PrintAddBar({ onAdd, onFile }: Props) {
  const { t } = useTranslation('print');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prCode = code.trim();
    if (!prCode) return;
    setBusy(true);
    try {
      await onAdd([{ prCode, qty: PRINT_QTY_DEFAULT }]);
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="print-bar" onSubmit={(e) => void submit(e)}>
      <TextField id="print-code" label={t('edit.productCode')} value={code} onChange={setCode} autocomplete="off" testId="print-code" />
      <IonButton type="submit" size="small" disabled={busy} data-testid="print-add">
        {t('edit.add')}
      </IonButton>
      <FilePickButton accept={PRODUCT_FILE_ACCEPT} label={t('edit.addFromFile')} onFile={onFile} testId="print-file" size="small" />
    </form>
  );
}
