import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonProgressBar, IonSelect, IonSelectOption } from '@ionic/react';
import { PRODUCT_FILE_ENCODINGS, type UploadHistory } from '../../api/contract/products';
import { endpoints } from '../../api/endpoints';
import { buildTableRequest, type TablePage } from '../../api/table';
import { api } from '../../app/api';
import { FilePickButton } from '../../ui/file-pick-button';
import { ModalFrame } from '../../ui/modal-frame';
import { UPLOAD_PROGRESS_POLL_MS, UPLOAD_QUEUE_MAX } from './product-constants';

type State = 'waiting' | 'sending' | 'importing' | 'done' | 'failed';
interface QueuedFile {
  id: number;
  file: File;
  state: State;
  /** 0–1 of the bytes sent. */
  sent: number;
  /** Rows the server has processed so far (read from the upload history while it imports). */
  rows?: number;
  message?: string;
  /** The states it went through, for the record of what the member saw (and the e2e test's check). */
  seen: State[];
}

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
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [notice, setNotice] = useState<string>();
  // Japanese and Korean ERP exports are often Shift_JIS or EUC-KR; the server decodes what the member names here.
  const [encoding, setEncoding] = useState<(typeof PRODUCT_FILE_ENCODINGS)[number]>('utf-8');
  const nextId = useRef(1);
  const changed = useRef(false);
  // A file starts once, even when the effect runs again before its state says so (React's development double run).
  const started = useRef(new Set<number>());
  const patch = (id: number, values: Partial<QueuedFile>) =>
    setQueue((q) =>
      q.map((f) =>
        f.id === id ? { ...f, ...values, seen: values.state && !f.seen.includes(values.state) ? [...f.seen, values.state] : f.seen } : f,
      ),
    );

  const add = (files: readonly File[]) => {
    if (!files.length) return;
    setQueue((q) => {
      const open = q.filter((f) => f.state === 'waiting' || f.state === 'sending' || f.state === 'importing').length;
      // spec: admin §5.14 — the queue takes at most 10 files
      const room = Math.max(0, UPLOAD_QUEUE_MAX - open);
      // The spec's message, exact text; the files that fit are queued.
      setNotice(files.length > room ? t('upload.queueLimit') : undefined);
      return [
        ...q,
        ...files
          .slice(0, room)
          .map((file) => ({ id: nextId.current++, file, state: 'waiting' as const, sent: 0, seen: ['waiting' as const] })),
      ];
    });
  };

  const busy = queue.some((f) => f.state === 'sending' || f.state === 'importing');
  const next = queue.find((f) => f.state === 'waiting');
  useEffect(() => {
    if (busy || !next || !companyCode) return;
    const { id, file } = next;
    if (started.current.has(id)) return;
    started.current.add(id);
    patch(id, { state: 'sending' });
    const form = new FormData();
    form.append('file', file, file.name);
    let poll: ReturnType<typeof setInterval> | undefined;
    api
      .upload(endpoints.productFileUpload, {
        query: { companyCode, ...(encoding !== 'utf-8' && { encoding }) },
        body: form,
        onProgress: (sent, total) => {
          const fraction = total ? sent / total : 0;
          patch(id, { sent: fraction, ...(fraction >= 1 ? { state: 'importing' } : {}) });
          if (fraction >= 1 && !poll) {
            poll = setInterval(
              () =>
                void rowsProcessed(file.name).then(
                  (rows) => rows !== undefined && patch(id, { rows }),
                  () => undefined,
                ),
              UPLOAD_PROGRESS_POLL_MS,
            );
          }
        },
      })
      .then((answer) => {
        changed.current = true;
        patch(id, {
          state: 'done',
          sent: 1,
          rows: answer.count,
          message: t('upload.done', {
            count: answer.count ?? 0,
            success: (answer.count ?? 0) - (answer.errorCount ?? 0),
            errors: answer.errorCount ?? 0,
          }),
        });
      })
      .catch((error: Error) => patch(id, { state: 'failed', message: error.message }))
      .finally(() => clearInterval(poll));
  }, [busy, next, companyCode, encoding, t]);

  const close = () => {
    if (busy) return;
    onClose(changed.current);
    changed.current = false;
    setQueue([]);
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
          onFiles={async (files) => add(files)}
          testId="product-upload"
        />
      </div>
      {notice && (
        <p className="product-upload-notice" role="alert">
          {notice}
        </p>
      )}
      <ol className="product-upload-queue" data-testid="product-upload-queue">
        {queue.map((f) => (
          <li
            key={f.id}
            data-state={f.state}
            data-seen={f.seen.join(' ')}
            data-sent={Math.round(f.sent * 100)}
            data-testid="product-upload-item"
          >
            <strong>{f.file.name}</strong>{' '}
            <span className="product-upload-state">
              {t(`upload.state.${f.state}`, { percent: Math.round(f.sent * 100), rows: f.rows ?? 0 })}
            </span>
            {(f.state === 'sending' || f.state === 'importing') && (
              <IonProgressBar
                value={f.state === 'sending' ? f.sent : undefined}
                type={f.state === 'importing' ? 'indeterminate' : 'determinate'}
                aria-label={f.file.name}
              />
            )}
            {f.message && <div className={f.state === 'failed' ? 'product-upload-error' : 'product-upload-result'}>{f.message}</div>}
          </li>
        ))}
      </ol>
      <IonButton fill="outline" disabled={busy} onClick={close}>
        {t('actions.close')}
      </IonButton>
    </ModalFrame>
  );
}
