import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fewer files on a lean app's first load (issue 10, docs/architecture.md §8). Left to itself the bundler gives every set of
 * modules shared by a different set of chunks a file of its own: a phone opening /scan asked for ~27 scripts and
 * styles, most of 1–7 KB, before its first paint, /dashboard for ~28. Over HTTP/1.1 (six connections per host) on a
 * slow mobile network every further round of requests costs a round trip, and the round trips, more than the bytes,
 * set when the screen paints.
 *
 * The plugin reads the module graph once it is built and gives the bundler named chunk groups:
 *   - `start`: what the page's entry loads by static imports (React, i18next, the app picker), beside the entry
 *     chunk, which keeps the entry modules themselves (index.html, main.tsx) as the page's script;
 *   - one chunk per app of `apps` (a lean app, or the outbox starter every signed-in start loads): the modules that
 *     only this app reaches through static imports, beyond `start`;
 *   - `lean-shared`: the modules several of them reach.
 * So /scan loads the entry, `start`, `lean-shared` and `handheld` (and their CSS). A module of the console that
 * one of these holds (the scan screen, the session) makes the console load that chunk: what it would have loaded
 * anyway, in fewer files. Chunk groups only form an acyclic chain here (a module's static imports are reached by
 * every app that reaches it), so module order needs no runtime wrappers.
 *
 * `apps` maps a chunk name to the module the app is loaded from (a dynamic import of shell/entry.tsx or main.tsx).
 */
export function leanChunks(apps: Record<string, string>, { sharedName = 'lean-shared', startName = 'start' } = {}) {
  const groupOf = new Map<string, string>();

  const plugin: Plugin = {
    name: 'shelfpad-lean-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const staticClosure = (from: string[]): Set<string> => {
        const seen = new Set<string>();
        const queue = [...from];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const loadedByEntry = staticClosure(entries);
      const reachedBy = new Map<string, string[]>();
      for (const [name, file] of Object.entries(apps)) {
        const root = resolve(file);
        if (!this.getModuleInfo(root)) this.error(`lean chunk ${name}: ${file} is not in the module graph`);
        for (const id of staticClosure([root])) {
          if (loadedByEntry.has(id)) continue;
          reachedBy.set(id, [...(reachedBy.get(id) ?? []), name]);
        }
      }
      for (const [id, names] of reachedBy) groupOf.set(id, names.length === 1 ? names[0] : sharedName);
      // The entry modules (index.html, main.tsx) stay in the entry chunk: the page's script and the manifest's entry.
      const entryModules = new Set([...entries, ...entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? [])]);
      for (const id of loadedByEntry) if (!entryModules.has(id)) groupOf.set(id, startName);
    },
  };

  /** The bundler's chunk groups (build.rolldownOptions.output.codeSplitting.groups), read after buildEnd. */
  const group = {
    name: (id: string) => groupOf.get(id) ?? null,
    test: (id: string) => groupOf.has(id),
    // Only the modules named here: their node_modules imports outside the lean apps' reach keep their own chunks.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
