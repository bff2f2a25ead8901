import { useState, type ReactNode } from 'react';
import { Page } from '../../../ui/page';

export interface ShowEditorFrameProps {
  title: string;
  /** While the document loads, or when it cannot: the text shown instead of the editor. */
  status?: { text: string; error: boolean };
  /** The editor, given the toolbar element its actions go into. */
  children: (actionsHost: HTMLElement | null) => ReactNode;
}

/**
 * The editor pages' one IonPage, the same from 'loading' to the loaded editor. Ionic's outlet tracks a route's page
 * element: a page that swapped one IonPage for another when its data came kept the new one invisible (issue 31, a
 * blank page), so the loading text and the editor share this page and the editor portals its actions into the header.
 */
export function ShowEditorFrame({ title, status, children }: ShowEditorFrameProps) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  return (
    <Page title={title} actions={<span ref={setHost} className="show-toolbar" />}>
      {status ? <p role={status.error ? 'alert' : undefined}>{status.text}</p> : children(host)}
    </Page>
  );
}
