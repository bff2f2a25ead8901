/*
 * The outbox queue (docs/architecture.md §5, issue 4 item 5): every handheld write with its state, so nothing is dropped
 * silently — a write the server refused (4xx) waits here until the user retries or discards it.
 */
import { useTranslation } from 'react-i18next';
import { IonBadge, IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote, IonSpinner } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import type { OutboxOp, OutboxState } from '../../offline/outbox';
import { discard, retry } from '../../offline/outbox';
import { useOutboxOps } from '../../offline/use-outbox';
import { Page } from '../../ui/page';

const COLOURS: Record<OutboxState, string> = { pending: 'warning', sending: 'primary', done: 'success', failed: 'danger' };

type Entry = string | { tagMac?: string; prCode?: string; mac?: string; product?: string[] };
interface Payload {
  tagMac?: string;
  prCodeList?: string[];
  tagList?: Entry[];
  devList?: Entry[];
}

/** What the operation is about, as staff scanned it: "tag → product" pairs, device addresses, tag ids. */
function opSummary(payload: unknown): string {
  const p = (payload ?? {}) as Payload;
  const entry = (e: Entry) =>
    typeof e === 'string' ? e : [e.tagMac ?? e.mac, e.prCode ?? e.product?.join(' + ')].filter(Boolean).join(' → ');
  if (p.tagMac && p.prCodeList) return `${p.tagMac} → ${p.prCodeList.join(' + ')}`;
  return [...(p.tagList ?? []), ...(p.devList ?? [])].map(entry).join(', ');
}

function OpItem({ op }: { op: OutboxOp }) {
  const { t } = useTranslation('scan');
  return (
    <IonItem data-testid="queue-op" data-state={op.state} data-kind={op.kind}>
      <IonLabel className="ion-text-wrap">
        <h3>
          {t(`queue.kinds.${op.kind}`)} · {op.storeCode}
        </h3>
        <p data-testid="queue-codes">{opSummary(op.payload)}</p>
        <p>
          {new Date(op.createdAt).toLocaleString()} · {t('queue.attempts', { count: op.attempts })}
        </p>
        {op.lastError && (
          <p className="ion-color-danger" data-testid="queue-error">
            <IonNote color="danger">{op.lastError}</IonNote>
          </p>
        )}
        {op.state === 'failed' && (
          <div>
            <IonButton size="small" onClick={() => void retry(op.id)}>
              {t('actions.retry')}
            </IonButton>
            <IonButton size="small" color="medium" onClick={() => void discard(op.id)}>
              {t('actions.discard')}
            </IonButton>
          </div>
        )}
      </IonLabel>
      <IonBadge slot="end" color={COLOURS[op.state]}>
        {t(`queue.states.${op.state}`)}
      </IonBadge>
    </IonItem>
  );
}

export default function QueuePage() {
  const { t } = useTranslation('scan');
  const ops = useOutboxOps();
  return (
    <Page
      title={t('queueTitle')}
      // The way back to scanning (issue 31 §4); on a phone the header's Scan button is beside the title as well.
      actions={
        <IonButton routerLink="/scan" routerDirection="back" data-testid="queue-back">
          <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
          {t('actions.back')}
        </IonButton>
      }
    >
      {!ops && <IonSpinner />}
      {ops?.length === 0 && <IonNote>{t('queue.empty')}</IonNote>}
      {ops && ops.length > 0 && (
        <IonList data-testid="queue-list">
          {ops.map((op) => (
            <OpItem key={op.id} op={op} />
          ))}
        </IonList>
      )}
    </Page>
  );
}
