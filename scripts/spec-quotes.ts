/**
 * The quoted text of the three spec documents (NOTES.md 1: quoted messages are used exactly), kept in
 * docs/spec-quotes.json so that the test of the messages (tests/unit/spec-messages.test.ts) runs wherever the
 * project is checked out — the specs live beside the project (../shared/spec), not in it.
 * `npm run spec:quotes` reads the specs again and rewrites the file; the test fails while the two differ.
 * SPEC_DIR overrides where the specs are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const SPECS = ['console-core', 'console-admin', 'plus-signage'] as const;
export const SPEC_QUOTES_FILE = resolve(import.meta.dirname, '../docs/spec-quotes.json');

export interface SpecQuote {
  spec: (typeof SPECS)[number];
  text: string;
}

/** Where the specs are, when this checkout has them beside it. */
export function specDir(): string | undefined {
  const dir = resolve(process.env.SPEC_DIR ?? resolve(import.meta.dirname, '../../shared/spec'));
  return SPECS.every((s) => existsSync(resolve(dir, `${s}.md`))) ? dir : undefined;
}

/** Quotes of the spec, 'single' or "double", in order of appearance, each once per spec; an inch mark (23.1") is not a quote. */
export function readSpecQuotes(dir: string): SpecQuote[] {
  const out: SpecQuote[] = [];
  const seen = new Set<string>();
  for (const spec of SPECS) {
    const text = readFileSync(resolve(dir, `${spec}.md`), 'utf8').replace(/(\d)"(?=[ ;][^,])/g, '$1″');
    for (const m of text.matchAll(/(?<!\w)'([^'\n]{2,}?)'(?!\w)|"([^"\n]{2,}?)"/g)) {
      const raw = (m[1] ?? m[2]).replace(/\.\.\.$/, '');
      // Text between two short quotes (':' and '-') starts with a space: not a quote of its own.
      if (/^\s/.test(raw)) continue;
      const quote = raw.endsWith(': ') ? raw : raw.trimEnd();
      if (seen.has(`${spec}\0${quote}`)) continue;
      seen.add(`${spec}\0${quote}`);
      out.push({ spec, text: quote });
    }
  }
  return out;
}

export const committedSpecQuotes = (): SpecQuote[] => JSON.parse(readFileSync(SPEC_QUOTES_FILE, 'utf8')) as SpecQuote[];

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = specDir();
  if (!dir) {
    console.error('The specs were not found: set SPEC_DIR to the folder holding console-core.md, console-admin.md and plus-signage.md.');
    process.exit(1);
  }
  const quotes = readSpecQuotes(dir);
  writeFileSync(SPEC_QUOTES_FILE, `${JSON.stringify(quotes, null, 1)}\n`);
  console.log(`${quotes.length} quotes from ${dir} → ${SPEC_QUOTES_FILE}`);
}
