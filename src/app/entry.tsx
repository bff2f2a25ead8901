/*
 * Which app the page runs (DESIGN.md §8): a handheld that opens on the scan route gets the lean handheld app — the
 * scan screen without Ionic, whose core alone weighs more than the route's first-load budget. Every other route,
 * and anything beyond the scan flow (menu, queue, assign modal), runs the Ionic console, which hosts the same scan
 * screen at /scan once it is loaded. The switch goes one way only: from handheld to console.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChunkErrorBoundary, ChunkLoadFailure } from './chunk-load-failure';

/** The hash route the lean app serves (routing is by hash: see App.tsx). */
export const HANDHELD_PATH = '/scan';

export const isHandheldHash = (hash: string) => hash.replace(/^#/, '').split('?')[0] === HANDHELD_PATH;

type AppKind = 'handheld' | 'console';
let root: Root | undefined;
let running: AppKind | undefined;

async function load(kind: AppKind): Promise<ComponentType> {
  const module = kind === 'handheld' ? await import('../handheld/handheld-app') : await import('../console');
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
  const startsHandheld = isHandheldHash(window.location.hash);
  if (startsHandheld) {
    // Any other route than /scan (the menu, the queue, a login redirect) is the console's.
    window.addEventListener('hashchange', () => {
      if (running === 'handheld' && !isHandheldHash(window.location.hash)) void switchToConsole();
    });
  }
  return run(startsHandheld ? 'handheld' : 'console');
}
