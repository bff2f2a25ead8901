import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonBadge, IonButton, IonIcon, IonItem, IonLabel, IonList, IonListHeader, IonNote, IonPopover } from '@ionic/react';
import { syncOutline } from 'ionicons/icons';
import type { ApiFailure } from '../../platform/contract-client';
import type { CollectingItem } from '../../../contract/schemas/collecting';
import { statusEndpoints } from '../../../contract/endpoints/status';
import { useDialogs } from '../../ui/dialogs';
import { api } from '../../platform/api';
import { collectingTypeKey } from '../../platform/collecting';
import { canWrite, useSession } from '../../platform/session';
import { useShell } from '../../platform/shell-context';

/** The header's collecting-status list: a badge with the count, a popover with the running items. */
// spec: admin §2.30 — the collecting-info detail: each item's kind and store, in the header's popover
export function CollectingStatus() {
  const { t } = useTranslation('layout');
  const { collecting } = useShell();
  const [open, setOpen] = useState<Event | undefined>();
  const count = collecting.items.length;
  return (
    <>
      <IonButton
        onClick={(e) => setOpen(e.nativeEvent)}
        aria-label={`${t('collecting.title')}: ${t('collecting.count', { count })}`}
        aria-haspopup="dialog"
        data-testid="collecting-button"
        data-handover="collecting"
        className="collecting-button"
      >
        <IonIcon slot="icon-only" icon={syncOutline} aria-hidden="true" />
        {count > 0 && (
          <IonBadge color="danger" className="collecting-badge" data-testid="collecting-count">
            {count}
          </IonBadge>
        )}
      </IonButton>
      <IonPopover
        isOpen={Boolean(open)}
        event={open}
        onDidDismiss={() => setOpen(undefined)}
        className="collecting-popover"
        data-testid="collecting-popover"
      >
        {open && <CollectingList />}
      </IonPopover>
    </>
  );
}

function CollectingList() {
  const { t } = useTranslation('layout');
  const { collecting } = useShell();
  const session = useSession();
  const { confirm, error, toast } = useDialogs();
  // Stopping is a tag write on the server (console-core §6); a read-only member sees the list without it.
  const mayStop = canWrite(session, 'tag');

  // spec: core §4.7 — stopping a collecting item asks for confirmation first
  const stop = async (item: CollectingItem) => {
    const names = { type: t(`collecting.types.${collectingTypeKey(item.detail.cmd)}`), store: item.storeName };
    if (!(await confirm(undefined, t('collecting.stopTitle', names)))) return;
    try {
      await api.call(statusEndpoints.collectingStop, { body: { storeCode: item.storeCode, cmd: item.detail.cmd, _id: item.detail._id } });
      void toast(t('collecting.stopped', names), 'success');
    } catch (failure) {
      await error((failure as ApiFailure).message);
    }
    await collecting.refresh();
  };

  return (
    <IonList lines="full" aria-label={t('collecting.title')} data-testid="collecting-list">
      <IonListHeader>
        <IonLabel>{t('collecting.title')}</IonLabel>
        <IonNote className="collecting-mode">{collecting.live ? t('collecting.live') : t('collecting.polling')}</IonNote>
      </IonListHeader>
      {collecting.items.length === 0 && (
        <IonItem>
          <IonLabel color="medium">{t('collecting.empty')}</IonLabel>
        </IonItem>
      )}
      {collecting.items.map((item) => (
        <IonItem key={`${item.storeCode}/${item.detail._id}`} data-testid="collecting-item" data-store={item.storeCode}>
          <IonLabel>
            <h3>{item.storeName}</h3>
            <p>
              {t(`collecting.types.${collectingTypeKey(item.detail.cmd)}`)} · {item.storeCode}
            </p>
          </IonLabel>
          {mayStop && (
            <IonButton slot="end" fill="outline" color="danger" size="small" onClick={() => void stop(item)}>
              {t('collecting.stop')}
            </IonButton>
          )}
        </IonItem>
      ))}
    </IonList>
  );
}
