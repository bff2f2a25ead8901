import { useState } from 'react';
import { useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';

/**
 * Whether the Ionic page is on view. Ionic keeps a page it left mounted (to go back to it at once), so polling and
 * scan fields must ask: a hidden list must not poll, a hidden scan field must not take scans. The page counts as
 * shown from its first render: a lazily loaded page may miss its first enter event.
 */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(true);
  useIonViewWillEnter(() => setShown(true));
  useIonViewWillLeave(() => setShown(false));
  return shown;
}
