import { createContext, useContext } from 'react';

/**
 * Whether the signed-in member may open a path of the app. The shell knows the route table and provides the answer
 * (shell/layout/shell.tsx); a screen asks here, so that no screen imports the table that imports the screens.
 * Outside the shell nothing may be opened.
 */
export const PathAccess = createContext<(path: string) => boolean>(() => false);

export const useMayOpenPath = (): ((path: string) => boolean) => useContext(PathAccess);
