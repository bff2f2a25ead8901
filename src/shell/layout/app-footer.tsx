import { IonNote, IonToolbar } from '@ionic/react';
import { useFooterText } from '../../platform/footer-text';

/**
 * The footer: the product's name and the server's version. It closes the sidebar rather than the content: on a
 * phone a footer under every page would take a row from the content.
 */
export function AppFooter() {
  return (
    <IonToolbar>
      <IonNote className="app-footer" data-testid="app-footer">
        {useFooterText()}
      </IonNote>
    </IonToolbar>
  );
}
