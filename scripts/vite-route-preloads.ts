import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite';
import { LEAN_APP_MODULES, LEAN_DASHBOARD_PATH, SIDEBAR_QUERY } from '../src/app/lean-routes';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** A chunk's own file and CSS with those of its static imports, transitively. */
export function filesOf(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
  chunk.imports.forEach((name) => filesOf(bundle, name, into));
  return into;
}

/** The preloads of each lean route: its app's files that the page's entry does not load already. */
export function leanRouteFiles(bundle: OutputBundle, root: string): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) filesOf(bundle, chunk.fileName, entry);
  const byRoute: Record<string, string[]> = {};
  for (const [route, module] of Object.entries(LEAN_APP_MODULES)) {
    const id = `${root}/${module}`;
    const app = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.split('\\').join('/') === id);
    // A renamed app module must not leave its route silently without preloads.
    if (!app) throw new Error(`route preloads: no chunk for ${module} (src/app/lean-routes.ts)`);
    byRoute[route] = [...filesOf(bundle, app.fileName)].filter((file) => !entry.has(file));
  }
  return byRoute;
}

/**
 * The page asks for its lean app's chunks at once (issue 10, Lighthouse on a phone): without this they are found
 * only after the entry chunk has arrived and run, one more round trip and download on the first screen's path. The
 * route is in the hash, which only the page sees, so a small inline script picks the list (its hash is allowed by
 * the server's CSP: server/lib/inline-scripts.ts). CSS is preloaded, not applied: the app's own loader applies it.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'shelfpad-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root.split('\\').join('/');
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle) return [];
        const files = leanRouteFiles(ctx.bundle, root);
        const script = `(function(){var r=location.hash.replace(/^#/,"").split("?")[0],f=${JSON.stringify(files)}[r];if(!f||(r===${JSON.stringify(LEAN_DASHBOARD_PATH)}&&matchMedia(${JSON.stringify(SIDEBAR_QUERY)}).matches))return;f.forEach(function(n){var l=document.createElement("link");if(/\\.css$/.test(n)){l.rel="preload";l.as="style"}else{l.rel="modulepreload"}l.crossOrigin="";l.href="/"+n;document.head.appendChild(l)})})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
