import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonSelect, IonSelectOption } from '@ionic/react';
import { PRODUCT_FILE_ENCODINGS, type UploadHistory } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { buildTableRequest, type TablePage } from '../../../contract/table';
import { api } from '../../platform/api';
import { FilePickButton } from '../../ui/file-pick-button';
import { ModalFrame } from '../../ui/modal-frame';
import { UploadQueueList, useUploadQueue, type SendFiles } from '../../ui/upload-queue';
import { UPLOAD_PROGRESS_POLL_MS, UPLOAD_QUEUE_MAX } from './product-constants';

/** The rows processed of the newest upload of this file name: the history row's count grows batch by batch. */
async function rowsProcessed(fileName: string): Promise<number | undefined> {
  const body = buildTableRequest({
    page: 0,
    pageSize: 1,
    sort: { field: 'received', dir: 'desc' },
    filters: { fileName: { value: fileName, condition: '==' } },
  });
  const page = (await api.call(endpoints.productUploadHistory, { body: body as never })) as TablePage<UploadHistory>;
  return page.data[0]?.finished === null ? page.data[0].count : undefined;
}

/**
 * The product file upload (console-admin §2 modals, §4 'one file at a time', §9 queue of 10): files wait in a
 * queue and go one by one; each shows its bytes sent, then the rows the server has processed, then the counts.
 */
export function ProductUploadModal({
  companyCode,
  isOpen,
  onClose,
}: {
  companyCode: string | undefined;
  isOpen: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation('products');
  const uploads = useUploadQueue();
  const [notice, setNotice] = useState<string>();
  // Japanese and Korean ERP exports are often Shift_JIS or EUC-KR; the server decodes what the member names here.
  const [encoding, setEncoding] = useState<(typeof PRODUCT_FILE_ENCODINGS)[number]>('utf-8');
  const { busy } = uploads;

  /** One file, in the encoding chosen when it was picked; once its bytes are in, the rows the server has read. */
  const sendFile =
    (code: string, chosen: typeof encoding): SendFiles =>
    async ([file], report) => {
      const form = new FormData();
      form.append('file', file, file.name);
      let poll: ReturnType<typeof setInterval> | undefined;
      try {
        const answer = await api.upload(endpoints.productFileUpload, {
          query: { companyCode: code, ...(chosen !== 'utf-8' && { encoding: chosen }) },
          body: form,
          onProgress: (sent, total) => {
            report.progress(sent, total);
            if (total && sent >= total && !poll) {
              poll = setInterval(
                () =>
                  void rowsProcessed(file.name).then(
                    (rows) => rows !== undefined && report.processed(rows),
                    () => undefined,
                  ),
                UPLOAD_PROGRESS_POLL_MS,
              );
            }
          },
        });
        const count = answer.count ?? 0;
        return t('upload.done', { count, success: count - (answer.errorCount ?? 0), errors: answer.errorCount ?? 0 });
      } finally {
        clearInterval(poll);
      }
    };

  const add = (files: readonly File[]) => {
    if (!files.length || !companyCode) return;
    // spec: admin §5.14 — the queue takes at most 10 files
    const { leftOut } = uploads.add(files, sendFile(companyCode, encoding), { max: UPLOAD_QUEUE_MAX });
    // The spec's message, exact text; the files that fit are queued.
    setNotice(leftOut ? t('upload.queueLimit') : undefined);
  };

  const close = () => {
    if (busy) return;
    onClose(uploads.items.some((f) => f.state === 'done'));
    uploads.clear();
    setNotice(undefined);
  };

  return (
    <ModalFrame isOpen={isOpen} title={t('upload.title')} onClose={close} closeLabel={t('actions.close')} testId="product-upload-modal">
      <p className="product-upload-format">{t('upload.format')}</p>
      <IonSelect
        label={t('upload.encoding')}
        labelPlacement="stacked"
        interface="popover"
        value={encoding}
        disabled={busy}
        data-testid="product-upload-encoding"
        onIonChange={(e) => setEncoding(e.detail.value as typeof encoding)}
      >
        {PRODUCT_FILE_ENCODINGS.map((code) => (
          <IonSelectOption key={code} value={code}>
            {t(`upload.encodings.${code}`)}
          </IonSelectOption>
        ))}
      </IonSelect>
      <div className="product-upload-pick">
        <FilePickButton
          multiple
          accept=".csv,text/csv,text/plain"
          label={t('upload.choose')}
          fill="outline"
          disabled={!companyCode}
          onFiles={async (files) => add(files)}
          testId="product-upload"
        />
      </div>
      {notice && (
        <p className="product-upload-notice" role="alert">
          {notice}
        </p>
      )}
      <UploadQueueList
        items={uploads.items}
        testId="product-upload-queue"
        itemTestId="product-upload-item"
        stateText={(f, percent) =>
          t(`upload.state.${f.state === 'processing' ? 'importing' : f.state}`, { percent, rows: f.processed ?? 0 })
        }
      />
      <IonButton fill="outline" disabled={busy} onClick={close}>
        {t('actions.close')}
      </IonButton>
    </ModalFrame>
  );
}
