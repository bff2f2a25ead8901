/*
 * The tag assign modal (console-core §2 "Tag assign modal"): single, multi and file assign of one store. Used by
 * the handheld scan screen and by the tag screens; closing after at least one assign tells the parent to refresh.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonLabel,
  IonModal,
  IonSegment,
  IonSegmentButton,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { FileAssignForm } from './file-assign-form';
import { MultiAssignForm } from './multi-assign-form';
import { SingleAssignForm } from './single-assign-form';

export interface TagAssignModalProps {
  storeCode: string;
  isOpen: boolean;
  /** `changed`: at least one assign went through (or was queued) since the modal opened. */
  onClose: (changed: boolean) => void;
}

const PARTS = ['single', 'multi', 'file'] as const;
type Part = (typeof PARTS)[number];

export function TagAssignModal({ storeCode, isOpen, onClose }: TagAssignModalProps) {
  const { t } = useTranslation('tagAssign');
  const [part, setPart] = useState<Part>('single');
  const changed = useRef(false);
  const modal = useRef<HTMLIonModalElement>(null);
  const onAssigned = () => {
    changed.current = true;
  };

  return (
    <IonModal
      ref={modal}
      isOpen={isOpen}
      onWillPresent={() => {
        changed.current = false;
      }}
      onDidDismiss={() => onClose(changed.current)}
      data-testid="tag-assign-modal"
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            {t('title')} · {storeCode}
          </IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={() => void modal.current?.dismiss()} data-testid="tag-assign-close">
              {t('actions.close')}
            </IonButton>
          </IonButtons>
        </IonToolbar>
        <IonToolbar>
          <IonSegment
            value={part}
            onIonChange={(e) =>
              setPart((PARTS as readonly string[]).includes(String(e.detail.value)) ? (e.detail.value as Part) : 'single')
            }
          >
            {PARTS.map((p) => (
              <IonSegmentButton key={p} value={p}>
                <IonLabel>{t(`parts.${p}`)}</IonLabel>
              </IonSegmentButton>
            ))}
          </IonSegment>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {/* Keyed by store: a part's half-typed input never carries over to another store. */}
        {part === 'single' && <SingleAssignForm key={storeCode} storeCode={storeCode} onAssigned={onAssigned} />}
        {part === 'multi' && <MultiAssignForm key={storeCode} storeCode={storeCode} onAssigned={onAssigned} />}
        {part === 'file' && <FileAssignForm key={storeCode} storeCode={storeCode} onAssigned={onAssigned} />}
      </IonContent>
    </IonModal>
  );
}

export default TagAssignModal;
