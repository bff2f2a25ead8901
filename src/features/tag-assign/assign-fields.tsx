/*
 * Pieces the assign forms show alike: the degree segment (0° / 180°, console-core §5) and the foot of the form —
 * the answer line (useAssignSubmit's note) and the Assign button, disabled while a submit is on its way.
 */
import { useTranslation } from 'react-i18next';
import { IonButton, IonLabel, IonNote, IonSegment, IonSegmentButton } from '@ionic/react';
import { TAG_DEGREES } from '../../../contract/schemas/constants-core';
import type { TagDegree } from '../../../contract/schemas/tags';
import type { AssignNote } from './use-assign-submit';

// spec: core §9.6 — tag degree 0 or 180
export function DegreeField({ value, onChange }: { value: TagDegree; onChange(degree: TagDegree): void }) {
  const { t } = useTranslation('tagAssign');
  return (
    <>
      <IonLabel>{t('fields.degree')}</IonLabel>
      <IonSegment
        value={String(value)}
        onIonChange={(e) => onChange(TAG_DEGREES.find((d) => String(d) === e.detail.value) ?? TAG_DEGREES[0])}
      >
        {TAG_DEGREES.map((degree) => (
          <IonSegmentButton key={degree} value={String(degree)}>
            {degree}°
          </IonSegmentButton>
        ))}
      </IonSegment>
    </>
  );
}

export function AssignFooter({ note, busy, submitTestId }: { note?: AssignNote; busy: boolean; submitTestId: string }) {
  const { t } = useTranslation('tagAssign');
  return (
    <>
      {note && (
        <IonNote color={note.tone} role={note.tone === 'danger' ? 'alert' : 'status'} data-testid="assign-note">
          {note.text}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={busy} data-testid={submitTestId}>
        {t('actions.assign')}
      </IonButton>
    </>
  );
}
