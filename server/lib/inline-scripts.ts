import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Inline `<script>` elements (no src attribute) and their text. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP sources that allow exactly the inline scripts of an HTML text: `'sha256-…'` each. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}

/**
 * The hashes of the built page's inline scripts (the route preloads, scripts/vite-route-preloads.ts), read again
 * whenever index.html changes on disk, so a deploy into a running server's folder gets its own page's hashes.
 */
export function pageScriptSources(staticDir: string): () => string[] {
  const file = join(staticDir, 'index.html');
  let seen: { mtimeMs: number; size: number; hashes: string[] } | undefined;
  return () => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return [];
    }
    if (seen?.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) {
      seen = { mtimeMs: stat.mtimeMs, size: stat.size, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
    }
    return seen.hashes;
  };
}
