import type { ReactNode } from 'react';
import { LoadFailureDialog } from '../platform/load-failure';
import { useDialogs } from '../ui/dialogs';

/**
 * Hands the screens' error dialog to the platform's load-failure handling (platform/load-failure.ts), which imports no
 * primitive: a failed load shows its message in the same alert as every other error, then logs out.
 */
export function LoadFailureDialogs({ children }: { children: ReactNode }) {
  const { error } = useDialogs();
  return <LoadFailureDialog.Provider value={error}>{children}</LoadFailureDialog.Provider>;
}
