import { createContext, useContext, useState, type ReactNode } from 'react';
import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useIsPhone } from './use-is-phone';
import './page.css';
import './touch-targets.css';

/**
 * What the shell puts into every page's toolbar: the menu / sidebar toggle at the start and the header actions
 * (collecting list, language, account) at the end. Ionic gives each page its own header (so that page
 * transitions carry the header along), which is why the shell hands its parts down instead of drawing one
 * header above the router outlet. Outside the shell (login, signup, tests) the context is empty.
 */
export interface PageChrome {
  start?: ReactNode;
  end?: ReactNode;
}
export const PageChromeContext = createContext<PageChrome>({});

export interface PageProps {
  title: string;
  /**
   * The page's own toolbar actions, shown before the shell's header actions. On a phone they get a row of their
   * own under the title (beside it they cut the title to nothing), unless `compactActions` says they are one icon.
   */
  actions?: ReactNode;
  compactActions?: boolean;
  /** Under the toolbar, still in the header: a segment, a search bar, a filter row. */
  subheader?: ReactNode;
  /** Off for content that runs to the edges (maps, full-width tables). */
  padding?: boolean;
  children?: ReactNode;
}

/** The page anatomy every screen uses (Ionic's conference app): IonPage > IonHeader > IonToolbar + IonContent. */
export function Page({ title, actions, compactActions = false, subheader, padding = true, children }: PageProps) {
  const chrome = useContext(PageChromeContext);
  const actionsInRow = useIsPhone() && !compactActions && Boolean(actions);
  const endActions = actionsInRow ? undefined : actions;
  // The route the page was opened for: Ionic keeps left pages mounted, so this tells which page is which (tests).
  const [route] = useState(routeOfLocation);
  return (
    <IonPage data-route={route}>
      <IonHeader>
        <IonToolbar>
          {chrome.start && <IonButtons slot="start">{chrome.start}</IonButtons>}
          {/* The span may wrap onto a second line (Ionic's own title box never does). */}
          <IonTitle>
            <span className="page-title">{title}</span>
          </IonTitle>
          {/* The page's own actions apart from the shell's, so that they get one look (page.css). */}
          {endActions && (
            <IonButtons slot="end" className="page-actions">
              {endActions}
            </IonButtons>
          )}
          {chrome.end && <IonButtons slot="end">{chrome.end}</IonButtons>}
        </IonToolbar>
        {actionsInRow && (
          <IonToolbar className="page-actions-row">
            <div className="page-actions-row__buttons">{actions}</div>
          </IonToolbar>
        )}
        {subheader}
      </IonHeader>
      <IonContent className={padding ? 'ion-padding' : undefined}>{children}</IonContent>
    </IonPage>
  );
}

function routeOfLocation(): string {
  return decodeURIComponent(window.location.hash.slice(1).split('?')[0]);
}
