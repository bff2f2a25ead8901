import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Go = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Go;
  replace: Go;
}

/**
 * Asks before unsaved edits are left behind: a reload or closed tab gets the browser's own question
 * (beforeunload); a move inside the console (menu, links, back button) gets `ask`. The hash router of Ionic 9 is
 * no data router, so React Router's useBlocker is not available: every navigation passes through the router's
 * navigator (browser back and forward too — see platform/browser-history.tsx), which is wrapped here while the editor
 * is mounted. Ionic keeps left pages mounted, so the question is asked only for moves away from the editor's own
 * address; a refused back button puts that address back.
 */
export function useUnsavedWarning(dirty: boolean, ask: () => Promise<boolean>) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const dirtyRef = useRef(dirty);
  const askRef = useRef(ask);
  useEffect(() => {
    dirtyRef.current = dirty;
    askRef.current = ask;
  });

  useEffect(() => {
    const editorHash = window.location.hash;
    // The address the router last showed (a browser back has already changed window.location when it arrives).
    const shown = { hash: editorHash };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current || window.location.hash !== editorHash) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const nav = navigator as unknown as PatchableNavigator;
    const original = { push: nav.push, replace: nav.replace };
    const guard =
      (go: Go): Go =>
      (...args) => {
        const run = () => {
          go.apply(nav, args);
          shown.hash = window.location.hash;
        };
        if (!dirtyRef.current || shown.hash !== editorHash) return run();
        void askRef.current().then((leave) => {
          if (leave) run();
          else if (window.location.hash !== editorHash) window.history.pushState(window.history.state, '', editorHash);
        });
      };
    Object.assign(nav, { push: guard(original.push), replace: guard(original.replace) });
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      Object.assign(nav, original);
    };
  }, [navigator]);
}

/** Whether the editor is the page on view (Ionic keeps left pages mounted, with their key listeners). */
export const isShownAt = (hash: string) => window.location.hash === hash;
