import { useEffect, useReducer } from 'react';
import { feedback } from './feedback';
import { initialMacEntry, macEntryReducer, MSG_ADD_TYPED_CODE } from './mac-entry-state';

/**
 * The MAC entry state machine (mac-entry-state.ts) with the two reactions every screen using it has: the failure
 * sound on an error, and the "add the typed code?" question answered back into the machine. The handheld's Plus
 * mode and the console's assign modals differ only in how they send the request.
 */
export function useMacEntry(confirm: (text: string) => Promise<boolean>, addTypedCodeQuestion: string) {
  const [s, dispatch] = useReducer(macEntryReducer, initialMacEntry);

  useEffect(() => {
    if (s.error) feedback.failure();
  }, [s.error]);

  useEffect(() => {
    if (s.prompt !== MSG_ADD_TYPED_CODE) return;
    void confirm(addTypedCodeQuestion).then((yes) => dispatch({ type: 'confirmAdd', yes }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one question per prompt
  }, [s.prompt]);

  return [s, dispatch] as const;
}
