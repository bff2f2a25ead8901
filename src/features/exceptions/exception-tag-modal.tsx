import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton } from '@ionic/react';
import type { ExceptionTagRow } from '../../../contract/schemas/dashboard';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DetailFacts } from '../../ui/detail-card';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';
import { TagStatusBadge } from '../../ui/status-badge';
import { failureText } from '../tags/use-tag-actions';

interface Props {
  storeCode: string;
  tag: ExceptionTagRow | undefined;
  onClose: () => void;
}

/**
 * An exception tag opened from its row or card (issue 31 §5): what the list says of it, and what staff do next —
 * blink it to find it on the shelf, send its image again, or see it among the store's tags.
 */
export function ExceptionTagModal({ storeCode, tag, onClose }: Props) {
  const { t } = useTranslation('exceptions');
  const writer = canWrite(useSession(), 'tag');
  // The last action's answer, said in the modal itself where the thumb that asked for it is.
  const [result, setResult] = useState<{ text: string; failed: boolean }>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setResult(undefined);
    onClose();
  };
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setResult({ text: await work(), failed: false });
    } catch (error) {
      setResult({ text: failureText(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const tagList = tag ? [tag.tagMac] : [];
  const blink = () =>
    run(async () => t('tag.blinked', { count: (await api.call(endpoints.tagLed, { body: { storeCode, tagList } })).count }));
  const refresh = () =>
    run(async () => t('tag.refreshed', { count: (await api.call(endpoints.tagReassign, { body: { storeCode, tagList } })).count }));

  return (
    <ModalFrame
      isOpen={Boolean(tag)}
      title={t('tag.title', { tag: tag?.barcode || tag?.tagMac || '' })}
      onClose={close}
      closeLabel={t('tag.close')}
      testId="exc-tag"
    >
      {tag && (
        <>
          <DetailFacts>
            <dt>{t('columns.tagMac')}</dt>
            <dd data-testid="exc-tag-mac">{tag.tagMac}</dd>
            <dt>{t('columns.prCode')}</dt>
            <dd>{tag.prCode || '—'}</dd>
            <dt>{t('columns.status')}</dt>
            <dd>
              <TagStatusBadge status={tag.status} />
            </dd>
            <dt>{t('columns.battStatus')}</dt>
            <dd>{tag.battStatus ?? '—'}</dd>
            <dt>{t('columns.updatedAt')}</dt>
            <dd>{formatDateTime(tag.updatedAt)}</dd>
          </DetailFacts>
          <div className="exceptions-tag-actions">
            {writer && (
              <>
                <IonButton disabled={busy} onClick={() => void blink()} data-testid="exc-tag-blink">
                  {t('tag.blink')}
                </IonButton>
                <IonButton fill="outline" disabled={busy} onClick={() => void refresh()} data-testid="exc-tag-refresh">
                  {t('tag.refresh')}
                </IonButton>
              </>
            )}
            <IonButton fill="clear" routerLink={`/tag/detail/${encodeURIComponent(storeCode)}`} onClick={close} data-testid="exc-tag-list">
              {t('tag.openList')}
            </IonButton>
          </div>
          {result && (
            <p role="status" className={result.failed ? 'exceptions-error' : 'exceptions-note'} data-testid="exc-tag-result">
              {result.text}
            </p>
          )}
        </>
      )}
    </ModalFrame>
  );
}
