/*
 * Which app the page runs (DESIGN.md §8): a handheld that opens on the scan route gets the lean handheld app — the
 * scan screen without Ionic, whose core alone weighs more than the route's first-load budget — and a cold start on
 * /login the lean login screen. Every other route,
 * and anything beyond the scan flow (menu, queue, assign modal), runs the Ionic console, which hosts the same scan
 * screen at /scan once it is loaded. The switch goes one way only: from a lean app to the console.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChunkErrorBoundary, ChunkLoadFailure } from './chunk-load-failure';

/** The hash routes the lean apps serve (routing is by hash: see App.tsx). */
export const HANDHELD_PATH = '/scan';
export const LEAN_LOGIN_PATH = '/login';

const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0];
export const isHandheldHash = (hash: string) => hashPath(hash) === HANDHELD_PATH;

/*
 * Three apps: the handheld's scan screen, and the login screen a new device opens first (issue 10: /login within
 * 250 KB, so without Ionic and the console's code), both lean; and the console for everything else.
 */
type AppKind = 'handheld' | 'login' | 'console';
const LEAN_PATHS: Partial<Record<string, AppKind>> = { [HANDHELD_PATH]: 'handheld', [LEAN_LOGIN_PATH]: 'login' };
let root: Root | undefined;
let running: AppKind | undefined;

async function load(kind: AppKind): Promise<ComponentType> {
  const module =
    kind === 'handheld' ? await import('../handheld/handheld-app') : kind === 'login' ? await import('../features/auth/lean/lean-login-app') : await import('../console');
  return module.default;
}

async function run(kind: AppKind): Promise<void> {
  if (running === kind) return;
  running = kind;
  let App: ComponentType;
  try {
    App = await load(kind);
  } catch (error) {
    // The app's own chunk is missing (offline and not cached): a message with a retry instead of a blank page.
    console.error(error);
    App = ChunkLoadFailure;
  }
  root?.unmount();
  root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <ChunkErrorBoundary>
        <App />
      </ChunkErrorBoundary>
    </StrictMode>,
  );
}

/** Leave the lean app for the console, at the route the location names (the console's router reads it). */
export function switchToConsole(): Promise<void> {
  return run('console');
}

export function startApp(): Promise<void> {
  const lean = LEAN_PATHS[hashPath(window.location.hash)];
  if (lean) {
    // Any other route than the lean app's own (the menu, the queue, sign up, a login redirect) is the console's.
    window.addEventListener('hashchange', () => {
      if (running === lean && LEAN_PATHS[hashPath(window.location.hash)] !== lean) void switchToConsole();
    });
  }
  return run(lean ?? 'console');
}
