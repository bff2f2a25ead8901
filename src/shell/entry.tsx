/*
 * Which app the page runs (docs/architecture.md §8): a handheld that opens on the scan route gets the lean handheld app — the
 * scan screen without Ionic, whose core alone weighs more than the route's first-load budget — a cold start on
 * /login the lean login screen, and a phone that opens on /dashboard the lean dashboard (issue 10: the manager's
 * phone). Every other route, and anything beyond what a lean app shows (menu, queue, modals, selects), runs the
 * Ionic console, which hosts the same screens once it is loaded. The switch goes one way only: to the console.
 */
import { startTransition, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChunkErrorBoundary, ChunkLoadFailure } from '../platform/chunk-load-failure';
import { registerConsoleSwitch, switchToConsole } from '../platform/console-switch';
import { replayHandover } from '../platform/handover';
import { loadAllNamespaces, type Namespace } from '../platform/i18n';

/** The hash routes the lean apps serve (routing is by hash: see App.tsx). */
export const HANDHELD_PATH = '/scan';
export const LEAN_LOGIN_PATH = '/login';
export const LEAN_DASHBOARD_PATH = '/dashboard';

const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0];
export const isHandheldHash = (hash: string) => hashPath(hash) === HANDHELD_PATH;

/**
 * The console shows its sidebar from Ionic's 'lg' breakpoint on (the split pane): there the lean dashboard would
 * lack the sidebar the console then draws, so a desktop starts with the console; a phone or tablet gets the lean one.
 */
const SIDEBAR_QUERY = '(min-width: 992px)';

type AppKind = 'handheld' | 'login' | 'dashboard' | 'console';

function leanAppAt(hash: string): AppKind | undefined {
  const path = hashPath(hash);
  if (path === HANDHELD_PATH) return 'handheld';
  if (path === LEAN_LOGIN_PATH) return 'login';
  if (path === LEAN_DASHBOARD_PATH && !window.matchMedia(SIDEBAR_QUERY).matches) return 'dashboard';
  return undefined;
}

/** What each lean app's first paint needs translated; the console (undefined) waits for every namespace. */
const FIRST_NAMESPACES: Record<AppKind, readonly Namespace[] | undefined> = {
  handheld: ['common', 'scan'],
  login: ['common', 'auth'],
  dashboard: ['common', 'layout', 'dashboard'],
  console: undefined,
};

let root: Root | undefined;
let running: AppKind | undefined;

function load(kind: AppKind): Promise<{ default: ComponentType }> {
  if (kind === 'handheld') return import('../scan/handheld/handheld-app');
  if (kind === 'login') return import('../features/auth/lean/lean-login-app');
  if (kind === 'dashboard') return import('../features/dashboard/lean/lean-dashboard-app');
  // The console's screens use any namespace: they are all there before it renders.
  return Promise.all([import('./console'), loadAllNamespaces()]).then(([module]) => module);
}

async function run(kind: AppKind, loading: Promise<{ default: ComponentType }> = load(kind)): Promise<void> {
  if (running === kind) return;
  running = kind;
  let App: ComponentType;
  try {
    App = (await loading).default;
  } catch (error) {
    // The app's own chunk is missing (offline and not cached): a message with a retry instead of a blank page.
    console.error(error);
    App = ChunkLoadFailure;
  }
  root?.unmount();
  const target = createRoot(document.getElementById('root')!);
  root = target;
  // Rendered as a transition: React then builds the first screen in slices of a few milliseconds instead of one
  // task of ~90 ms on a phone (issue 10: Lighthouse's blocking time), and paints it whole when it is done.
  startTransition(() =>
    target.render(
      <StrictMode>
        <ChunkErrorBoundary>
          {/* A text namespace not loaded yet suspends its screen until it arrives (i18n.ts). */}
          <Suspense fallback={null}>
            <App />
          </Suspense>
        </ChunkErrorBoundary>
      </StrictMode>,
    ),
  );
  // A lean app's other texts come once the service worker is there to keep them (pwa.ts), or with the console.
  if (kind === 'console') void replayHandover();
}

registerConsoleSwitch(() => run('console'));

export interface AppStart {
  /** The namespaces to load before the first render (undefined: all). */
  namespaces: readonly Namespace[] | undefined;
  /** Renders the app; its code has been loading since prepareApp(), alongside the config and the texts. */
  start(): Promise<void>;
}

/** Picks the app for the location and starts fetching its code at once, before the config and texts are in. */
export function prepareApp(): AppStart {
  const lean = leanAppAt(window.location.hash);
  const kind = lean ?? 'console';
  // The console's chunk is requested now; its texts are loaded by main.tsx's initI18n (every namespace).
  const loading = kind === 'console' ? import('./console') : load(kind);
  // An unhandled rejection here would only repeat what run() shows: the failure is handled there.
  loading.catch(() => undefined);
  return {
    namespaces: FIRST_NAMESPACES[kind],
    start() {
      if (lean) {
        // Any other route than the lean app's own (the menu, the queue, sign up, a login redirect) is the console's.
        window.addEventListener('hashchange', () => {
          if (running === lean && leanAppAt(window.location.hash) !== lean) void switchToConsole();
        });
      }
      return run(kind, loading);
    },
  };
}
