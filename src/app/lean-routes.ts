/*
 * The routes a lean app serves on a cold start (app/entry.tsx), in a module without imports: the build reads them
 * too, to preload a lean app's chunks from the page itself (scripts/vite-route-preloads.ts).
 */

/** The hash routes the lean apps serve (routing is by hash: see App.tsx). */
export const HANDHELD_PATH = '/scan';
export const LEAN_LOGIN_PATH = '/login';
export const LEAN_DASHBOARD_PATH = '/dashboard';

/**
 * The console shows its sidebar from Ionic's 'lg' breakpoint on (the split pane): there the lean dashboard would
 * lack the sidebar the console then draws, so a desktop starts with the console; a phone or tablet gets the lean one.
 */
export const SIDEBAR_QUERY = '(min-width: 992px)';

/** Each lean route's app module, from the project's root: the chunks the build preloads for that route. */
export const LEAN_APP_MODULES: Readonly<Record<string, string>> = {
  [HANDHELD_PATH]: 'src/handheld/handheld-app.tsx',
  [LEAN_LOGIN_PATH]: 'src/features/auth/lean/lean-login-app.tsx',
  [LEAN_DASHBOARD_PATH]: 'src/features/dashboard/lean/lean-dashboard-app.tsx',
};
