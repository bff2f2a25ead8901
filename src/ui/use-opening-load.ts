import { useEffect, useRef, useState } from 'react';
import { useDialogs } from './dialogs';

/**
 * What a modal reads afresh each time it opens: `opening` names the opening (undefined: closed), so a value read
 * for an earlier opening is never shown, and what the form compares against is what the server holds now. A failed
 * read shows the server's message and closes the modal.
 */
export function useOpeningLoad<K, T>(opening: K | undefined, load: (opening: K) => Promise<T>, onClose: () => void): T | undefined {
  const dialogs = useDialogs();
  const [loaded, setLoaded] = useState<{ opening: K; value: T }>();
  // The read depends on the opening only: the callbacks are new on every render of the parent.
  const latest = useRef({ load, onClose, dialogs });
  useEffect(() => {
    latest.current = { load, onClose, dialogs };
  });

  useEffect(() => {
    if (opening === undefined) return;
    let live = true;
    latest.current.load(opening).then(
      (value) => live && setLoaded({ opening, value }),
      async (error: Error) => {
        if (!live) return;
        await latest.current.dialogs.error(error.message);
        latest.current.onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [opening]);

  return opening !== undefined && loaded?.opening === opening ? loaded.value : undefined;
}
