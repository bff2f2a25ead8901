import { IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { plusModelLabel } from '../../../../contract/schemas/constants-plus';
import type { PlusSearchAnswer } from '../../../../contract/schemas/plus';
import { ModalFrame } from '../../../ui/modal-frame';
import { PlusDeviceStatus } from './plus-status';

/**
 * The answer of a search (plus-signage §7.2 searchPlus): the devices whose address, name or products match the
 * keyword, and the matching product codes of the store.
 */
// spec: plus §2.67 — the search modal
export function PlusSearchModal({
  keyword,
  answer,
  onClose,
}: {
  keyword: string;
  answer: PlusSearchAnswer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  return (
    <ModalFrame
      isOpen={Boolean(answer)}
      title={t('search.title', { keyword })}
      onClose={onClose}
      closeLabel={t('screen.close')}
      testId="plus-search"
    >
      <h3>{t('search.devices', { count: answer?.devList.length ?? 0 })}</h3>
      {answer?.devList.length === 0 && <p>{t('search.noDevice')}</p>}
      <IonList data-testid="plus-search-devices">
        {answer?.devList.map((d) => (
          <IonItem key={d.mac} data-testid="plus-search-device">
            <IonLabel>
              <h3>
                {d.mac} · {d.name || '-'}
              </h3>
              <p>
                {plusModelLabel(d.model)} · {d.product.join(', ') || '-'}
              </p>
            </IonLabel>
            <IonNote slot="end">
              <PlusDeviceStatus status={d.status} />
            </IonNote>
          </IonItem>
        ))}
      </IonList>
      <h3>{t('search.products', { count: answer?.prCodeList.length ?? 0 })}</h3>
      <p data-testid="plus-search-products">{answer?.prCodeList.join(', ') || '-'}</p>
    </ModalFrame>
  );
}
