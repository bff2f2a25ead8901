/**
 * First-load JS of a route (docs/architecture.md §8, issue 3): what a browser must download, gzip-compressed, before the route
 * renders on a cold start. Read from an existing build — the caller runs `vite build` first — through the chunk
 * graph Vite writes to dist/.vite/manifest.json (build.manifest in vite.config.ts):
 *
 *   the entry chunk (index.html) + its static imports, transitively
 *   + the route's app and lazy page chunk(s) + their static imports, transitively
 *
 * Dynamic imports inside those chunks (modals, other routes) are not first-load and are left out; CSS is not JS.
 * Each file counts once, at the size the server sends it (its brotli copy); figures are KiB (1024 bytes) rounded to 0.1.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

/**
 * The modules each route loads on a cold start besides the entry (src/shell/entry.tsx picks the app by route): the
 * console (Ionic shell) and the route's lazy page, or for /scan and /login the lean app alone. Keyed by the route's
 * path so the figures read like the route table; a source path ('src/features/...') may also be passed directly.
 */
const CONSOLE = 'src/shell/console.tsx';
export const ROUTE_PAGES: Record<string, string[]> = {
  // A cold start on /login runs the lean login screen; the console's login page serves /login after a logout.
  '/login': [leanChunk('lean-login')],
  '/signup': [CONSOLE, 'src/features/auth/signup-page.tsx'],
  '/dashboard': [CONSOLE, 'src/features/dashboard/dashboard-page.tsx'],
  '/scan': [leanChunk('handheld')],
};

/** A lean app's chunk, by the name the build gives it (scripts/vite-lean-chunks.ts): its modules have no chunk of their own. */
function leanChunk(name: string): string {
  return `chunk:${name}`;
}

/** The manifest's key for a page: a module's own chunk, or a named chunk ('chunk:handheld'). */
function manifestKey(manifest: ViteManifest, page: string): string | undefined {
  if (!page.startsWith('chunk:')) return manifest[page] ? page : undefined;
  const name = page.slice('chunk:'.length);
  return Object.keys(manifest).find((key) => manifest[key].name === name && !manifest[key].isEntry && !manifest[key].src);
}

function readManifest(distDir: string): ViteManifest {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch (error) {
    throw new Error(`first-load: no ${distDir}/.vite/manifest.json — run \`vite build\` first`, { cause: error });
  }
}

/** The JS files a route needs on first load, entry first. */
export function firstLoadFiles(route: string, distDir = 'dist'): string[] {
  const manifest = readManifest(distDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error(`first-load: ${distDir}/.vite/manifest.json has no entry`);
  const pages = ROUTE_PAGES[route] ?? (/\.(tsx?|jsx?)$/.test(route) ? [route] : undefined);
  if (!pages) throw new Error(`first-load: unknown route ${route}; add it to ROUTE_PAGES in tests/bench/first-load.ts`);
  const pageKeys = pages.map((page) => {
    const key = manifestKey(manifest, page);
    if (!key) throw new Error(`first-load: ${page} (route ${route}) is not in the build's chunk graph`);
    return key;
  });

  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  [...entries, ...pageKeys].forEach(visit);
  return files;
}

/**
 * The bytes the server sends for a file to a browser that accepts brotli: the build's precompressed copy
 * (vite.config.ts precompress(), served as it is by server/plugins/static-site.ts). A build without copies is
 * measured at gzip level 9.
 */
const sentBytes = (path: string) =>
  existsSync(`${path}.br`) ? statSync(`${path}.br`).size : gzipSync(readFileSync(path), { level: 9 }).length;

/** Route → first-load JS in KiB as the server sends it, e.g. `await firstLoadJs(['/login', '/dashboard'])`. */
export async function firstLoadJs(routes: string[], distDir = 'dist'): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const route of routes) {
    const bytes = firstLoadFiles(route, distDir).reduce((sum, file) => sum + sentBytes(join(distDir, file)), 0);
    figures[route] = Math.round((bytes / 1024) * 10) / 10;
  }
  return figures;
}
