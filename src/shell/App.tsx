import { IonApp } from '@ionic/react';
import { IonReactHashRouter } from '@ionic/react-router';
import { BrowserHistoryBridge, routerWindow } from '../platform/browser-history';
import { Shell } from './layout/shell';
import { UpdatePrompt } from '../platform/update-prompt';

/** Hash routing (console-core §2): any static host, and the service worker, serve the one index.html. */
// spec: plus §2.0a — the Plus routes too are hash based, their parameters path segments
export default function App() {
  return (
    <IonApp>
      <IonReactHashRouter window={routerWindow}>
        <BrowserHistoryBridge />
        <Shell />
      </IonReactHashRouter>
      <UpdatePrompt />
    </IonApp>
  );
}
