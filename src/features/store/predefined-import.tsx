import { useRef, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../platform/contract-client';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { showErrorThenLogout } from '../../platform/load-failure';
import { useDialogs } from '../../ui/dialogs';
import { NO_VALID_DATA, parsePredefinedCsv } from './predefined-csv';
import { PREDEFINED_FILE_EXTENSIONS } from './store-constants';

/**
 * Predefined gateway configuration import (console-core §2, §5, §8): a .csv or .txt file with a header row, read in
 * the browser and sent as rows. Success answers 'Complete!' with 'Uploaded Count : {updated}'; a refused file
 * shows the error and then logs out, as the spec has it (a network failure only shows the message).
 */
// spec: core §2.36 — predefined gateway configuration CSV import
export function PredefinedImport({ storeCode, onDone }: { storeCode: string; onDone?: () => void }) {
  const { t } = useTranslation('store');
  const dialogs = useDialogs();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    const parsed = parsePredefinedCsv(file.name, await file.text());
    if ('error' in parsed) return dialogs.error(parsed.error === NO_VALID_DATA ? t('predefined.noValidData') : t('predefined.invalidFile'));
    setBusy(true);
    try {
      const answer = await api.call(endpoints.gatewayPredefined, { body: { storeCode, data: parsed.rows } });
      // An alert rather than a toast: the spec gives it a title and the count is worth reading.
      await dialogs.error(t('predefined.uploaded', { updated: answer.updated }), t('predefined.complete'));
      onDone?.();
    } catch (error) {
      const failure = error as ApiFailure;
      if (failure.network) await dialogs.error(failure.message);
      else await showErrorThenLogout(dialogs.error, failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PREDEFINED_FILE_EXTENSIONS.join(',')}
        hidden
        data-testid="gw-predefined-file"
        aria-label={t('predefined.import')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared at once, so that picking the same file again is a new import.
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <IonButton size="small" fill="outline" disabled={busy} onClick={() => input.current?.click()} data-testid="gw-predefined-import">
        <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
        {t('predefined.import')}
      </IonButton>
    </>
  );
}
