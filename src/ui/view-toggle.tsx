import { IonLabel, IonSegment, IonSegmentButton, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

export const VIEW_TYPES = ['table', 'map'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** A store list's view lives in the address (`?viewType=map`, console-core §2), so a bookmark or back keeps it. */
export function useViewType(): [ViewType, (view: ViewType) => void] {
  const [search, setSearch] = useSearchParams();
  const view: ViewType = search.get('viewType') === 'map' ? 'map' : 'table';
  return [view, (next) => setSearch({ viewType: next }, { replace: true })];
}

/** The table / map switch under a list screen's title: the segment is `testId`, each button `testId-table|map`. */
export function ViewToggle({ view, onChange, testId }: { view: ViewType; onChange: (view: ViewType) => void; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <IonToolbar>
      <IonSegment value={view} onIonChange={(e) => onChange(e.detail.value === 'map' ? 'map' : 'table')} data-testid={testId}>
        {VIEW_TYPES.map((v) => (
          <IonSegmentButton key={v} value={v} data-testid={`${testId}-${v}`}>
            <IonLabel>{t(`view.${v}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
    </IonToolbar>
  );
}
