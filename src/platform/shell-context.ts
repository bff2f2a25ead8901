import { createContext, useContext } from 'react';
import type { CollectingState } from './collecting';

/**
 * What the header parts share with the shell. Ionic gives every mounted page its own header, so the state
 * (one socket, one account modal, the sidebar) lives once in the shell and the headers only read it.
 */
export interface ShellState {
  sidebarHidden: boolean;
  toggleSidebar: () => void;
  collecting: CollectingState;
  openAccount: () => void;
  openLoginHistory: () => void;
  logout: () => Promise<void>;
}

export const ShellContext = createContext<ShellState | undefined>(undefined);

export function useShell(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the shell');
  return shell;
}

/** The menu's id: the phone's menu button and the split pane name it. */
export const MENU_ID = 'main-menu';
/** The outlet's id: the menu and the split pane attach to it. */
export const CONTENT_ID = 'main-content';
