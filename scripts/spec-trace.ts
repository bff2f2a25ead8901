/**
 * The spec trace (issue 33 "Also"): every numbered item of the three spec documents → where it is built → which
 * test file mentions it, written to docs/spec-trace.md so the next reader sees the coverage at a glance.
 *
 * Two steps, so that a checkout without the specs (CI) can still check the trace:
 * 1. `readSpecItems` numbers the items of the specs (../shared/spec) and keeps them in docs/spec-items.json: per
 *    section, each bullet, table row and paragraph in order (`admin §2.31`, the loading modal, as issue 33 cites
 *    it), paragraphs leading a section in as §S.0a, §S.0b…; a bullet that lists several screens
 *    separated by ';' (and has no ':' of its own) gives one item per screen. Each item carries the routes (from the
 *    screen sections), the API paths (from the call sections) and the quoted messages it names.
 * 2. `buildTrace` joins those items to the code as it is today — routes to the route table (src/shell/routes.tsx) and the
 *    page it loads, API paths to contract/endpoints and the files that call them, messages to locales/en_US and the
 *    files that use the key — and to the test files that mention each, plus the items a file names itself: a
 *    comment `spec: core §2.41, admin §3.2` in a source file says it builds them, in a test file that it proves them
 *    (written beside the code or the assertion, so a move takes the link along), and the few links kept by hand
 *    below.
 * `npm run spec:trace` rewrites both files; tests/unit/spec-trace.test.ts fails while the committed trace differs
 * from what the code gives, so the trace cannot drift. SPEC_DIR overrides where the specs are.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { SPECS, specDir } from './spec-quotes';

const ROOT = resolve(import.meta.dirname, '..');
export const SPEC_ITEMS_FILE = resolve(ROOT, 'docs/spec-items.json');
export const SPEC_TRACE_FILE = resolve(ROOT, 'docs/spec-trace.md');

type Spec = (typeof SPECS)[number];
const SHORT: Record<Spec, string> = { 'console-core': 'core', 'console-admin': 'admin', 'plus-signage': 'plus' };

export interface SpecItem {
  /** e.g. "admin §2.31". */
  id: string;
  spec: Spec;
  section: string;
  text: string;
  routes: string[];
  calls: string[];
  quotes: string[];
}

/*
 * Links no route, call or message can give, kept by hand: item id → the files that build it and the tests that
 * prove it. The test checks that every file named here exists, so a move or rename shows.
 */
export const BY_HAND: Record<string, { built: string[]; tests: string[] }> = {
  'admin §2.5': {
    built: ['src/features/products/product-tag-list-modal.tsx', 'src/features/products/update-task-pages.tsx'],
    tests: ['tests/e2e/products-info-slots.spec.ts'],
  },
  'admin §2.31': {
    built: [
      'src/ui/loading-modal.ts',
      'src/features/products/product-list-page.tsx',
      'src/features/products/product-form-modal.tsx',
      'src/features/products/product-control-modals.tsx',
      'src/features/ota/ota-start-panel.tsx',
      'src/features/settings/mobile-software-section.tsx',
      'src/features/sw-upgrade/sw-upgrade-page.tsx',
    ],
    tests: ['tests/unit/loading-modal.test.ts'],
  },
  'admin §3.1': {
    built: [
      'src/features/products/product-form-modal.tsx',
      'src/features/products/product-info-slots.ts',
      'src/features/products/product-info-columns.tsx',
    ],
    tests: ['tests/unit/product-info-slots.test.ts', 'tests/e2e/products-info-slots.spec.ts'],
  },
  'admin §9.2': {
    built: [
      'src/features/products/product-info-slots.ts',
      'src/features/products/product-info-columns.tsx',
      'src/features/products/product-constants.ts',
    ],
    tests: ['tests/unit/product-info-slots.test.ts', 'tests/e2e/products-info-slots.spec.ts'],
  },
};

/*
 * Items that name nothing to build or test, kept by hand with the reason: a heading that leads a list in, a
 * summary whose every point is an item of its own, or a line that says what the spec does not show (NOTES.md 12
 * leaves those to us, and the choice is written in the code beside it). The trace shows them apart; the test
 * checks that none of them is claimed by a spec comment or linked by a route, call or message, so an item that
 * gains behaviour cannot stay hidden here.
 */
export const PROSE: Record<string, string> = {
  'core §1.2': 'summary: the roles and their rights are the items of section 6',
  'core §2.0b': 'heading of the route table',
  'core §3.18': 'says what the spec does not show',
  'admin §3.27': 'says what the spec does not show',
  'admin §4.15': 'says what the spec does not show',
  'admin §7.0b': 'heading of a list of calls',
  'admin §7.14': 'heading of a list of calls',
  'admin §8.12': 'points to the alarm types of console-core (core §8.24)',
  'admin §9.16': 'says what the spec does not show',
  'plus §1.0a': 'heading of a list',
  'plus §6.6': 'says what the spec does not show',
};

// ——— Step 1: the spec's items ———

const quotesOf = (text: string) =>
  [...text.replace(/(\d)"(?=[ ;][^,])/g, '$1″').matchAll(/(?<!\w)'([^'\n]{2,}?)'(?!\w)|"([^"\n]{2,}?)"/g)]
    .map((m) => (m[1] ?? m[2]).replace(/\.\.\.$/, ''))
    .filter((q) => !/^\s/.test(q))
    .map((q) => (q.endsWith(': ') ? q : q.trimEnd()));

/** Screen paths of an item, written as the router writes them (:param), without a query. */
const routesOf = (text: string) =>
  [
    ...new Set([...text.matchAll(/(?<![\w.}])\/[a-z][\w/{}.-]*/gi)].map((m) => m[0].replace(/[.]+$/, '').replace(/\{(\w+)\}/g, ':$1'))),
  ].filter((p) => !p.includes('..'));

/** API paths of an item ({api} and queries dropped), written with :param. */
const callsOf = (text: string) => [
  ...new Set(
    [...text.replace(/\{api\}/g, '').matchAll(/(?<![\w.}])\/[a-z][\w/{}-]*/gi)].map((m) =>
      m[0].replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, ''),
    ),
  ),
];

export function readSpecItems(dir: string): SpecItem[] {
  const items: SpecItem[] = [];
  for (const spec of SPECS) {
    let section = '';
    let sectionNo = '';
    let n = 0;
    let lead = 0;
    /** A paragraph before the section's first bullet or table row leads it in: §S.0a, §S.0b… (so bullets count from 1). */
    const push = (text: string, paragraph = false) => {
      if (!sectionNo) return;
      const screens = /screens and routes/i.test(section);
      const calls = /calls/i.test(section);
      let no: string;
      if (paragraph && n === 0) no = `0${String.fromCharCode(97 + lead++)}`;
      else no = String((n += 1));
      items.push({
        id: `${SHORT[spec]} §${sectionNo}.${no}`,
        spec,
        section,
        text,
        routes: screens ? routesOf(text) : [],
        calls: calls ? callsOf(text) : [],
        quotes: [...new Set(quotesOf(text))],
      });
    };
    for (const raw of readFileSync(resolve(dir, `${spec}.md`), 'utf8').split('\n')) {
      const line = raw.trim();
      const heading = /^## (\d+)\.\s*(.*)$/.exec(line);
      if (heading) {
        [sectionNo, section, n, lead] = [heading[1], heading[2], 0, 0];
        continue;
      }
      if (!line || line.startsWith('#') || /^\|[-| ]+\|$/.test(line)) continue;
      if (line.startsWith('|')) {
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        // A table's header row names its columns: the next line is its separator.
        if (/^(Route|Model|Type|Situation)$/.test(cells[0])) continue;
        push(cells.join(' — '));
      } else if (line.startsWith('- ')) {
        const text = line.slice(2);
        const parts = text.split(/;\s+/);
        if (/screens and routes/i.test(section) && parts.length > 1 && !text.includes(':'))
          parts.forEach((p) => push(p.replace(/\.$/, '')));
        else push(text);
      } else push(line, true);
    }
  }
  return items;
}

// ——— Step 2: the code ———

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = resolve(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(tsx?|mjs|json)$/.test(name)) out.push(path);
  }
  return out;
}

interface Source {
  path: string;
  text: string;
}
const read = (paths: string[]): Source[] => paths.map((p) => ({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') }));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A route or API pattern as a regex over source text: a :param stands for any segment (a value or ${…}). */
const patternRegex = (pattern: string) =>
  new RegExp(`${pattern.split(/:\w+/).map(escape).join('(?:\\$\\{[^}]+\\}|[^/\'"`\\s]+)')}(?=['"\`?#\\s)])`);
/** Two patterns match when they are the same with every parameter alike. */
const sameShape = (a: string, b: string) => a.replace(/:\w+/g, ':') === b.replace(/:\w+/g, ':');

interface Code {
  routes: { path: string; file: string }[];
  endpoints: { name: string; path: string }[];
  en: Map<string, string>;
  src: Source[];
  server: Source[];
  tests: Source[];
}

export async function readCode(): Promise<Code> {
  const { ROUTES } = await import('../src/shell/routes');
  const { endpoints } = await import('../contract/endpoints');
  const table = readFileSync(resolve(ROOT, 'src/shell/routes.tsx'), 'utf8');
  const pageOf = (path: string) => {
    // The page the route's entry loads: the first import after its path (an entry may span several lines).
    const at = table.indexOf(`path: '${path}'`);
    const m = at < 0 ? null : /import\('\.\.\/([^']+)'\)/.exec(table.slice(at, at + 400));
    return m ? `src/${m[1]}.tsx` : 'src/shell/routes.tsx';
  };
  const en = new Map<string, string>();
  const locales = resolve(ROOT, 'locales/en_US');
  for (const file of readdirSync(locales)) {
    const visit = (value: unknown, path: string) => {
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k);
      else if (typeof value === 'string') en.set(`${file.replace(/\.json$/, '')}:${path}`, value);
    };
    visit(JSON.parse(readFileSync(resolve(locales, file), 'utf8')), '');
  }
  return {
    routes: ROUTES.map((r) => ({ path: r.path, file: pageOf(r.path) })),
    endpoints: Object.entries(endpoints).map(([name, e]) => ({ name, path: (e as { path: string }).path })),
    en,
    // The PWA and the contract it shares with the server, but for the list of calls (traced as endpoints above).
    src: read([...walk(resolve(ROOT, 'src')), ...walk(resolve(ROOT, 'contract')).filter((p) => !p.includes('/contract/endpoints/'))]),
    server: read(walk(resolve(ROOT, 'server')).filter((p) => /\.tsx?$/.test(p))),
    // The trace's own test names items to check the numbering: it proves none of them.
    tests: read(walk(resolve(ROOT, 'tests')).filter((p) => /\.(test|spec)\.tsx?$/.test(p) && !p.endsWith('/spec-trace.test.ts'))),
  };
}

const uniq = (xs: string[]) => [...new Set(xs)].sort();

/** The item ids a file names in its `spec:` comments (`// spec: core §2.41, core §2.42 — why`). */
const MARKER = /spec:\s*((?:(?:core|admin|plus) §\d+\.\d+[a-z]?(?:,\s*|\s+and\s+)?)+)/g;
// Read once per file: every item asks every file.
const markedIds = new WeakMap<Source, Set<string>>();
export function markedBy(source: Source): Set<string> {
  let ids = markedIds.get(source);
  if (!ids) {
    ids = new Set(
      [...source.text.matchAll(MARKER)].flatMap((m) => [...m[1].matchAll(/(?:core|admin|plus) §\d+\.\d+[a-z]?/g)].map((x) => x[0])),
    );
    markedIds.set(source, ids);
  }
  return ids;
}

/** Where an item is built and which tests mention it. */
export function traceItem(item: SpecItem, code: Code): { built: string[]; tests: string[]; links: string[] } {
  const built: string[] = [];
  const tests: string[] = [];
  const links: string[] = [];
  for (const route of item.routes) {
    const found = code.routes.find((r) => sameShape(r.path, route));
    if (!found) continue;
    links.push(`route ${found.path}`);
    built.push(found.file);
    const re = patternRegex(found.path);
    tests.push(...code.tests.filter((t) => re.test(t.text)).map((t) => t.path));
  }
  for (const call of item.calls) {
    const found = code.endpoints.filter((e) => sameShape(e.path, call));
    for (const e of found) {
      links.push(`call ${e.name}`);
      const used = new RegExp(`\\b[Ee]ndpoints\\.${e.name}\\b`);
      built.push(
        ...code.src.filter((s) => used.test(s.text)).map((s) => s.path),
        ...code.server.filter((s) => used.test(s.text)).map((s) => s.path),
      );
      const re = patternRegex(e.path);
      tests.push(...code.tests.filter((t) => used.test(t.text) || re.test(t.text)).map((t) => t.path));
    }
  }
  for (const quote of item.quotes) {
    const wanted = quote.replace(/\{(\w+)\}/g, '{{$1}}');
    const keys = [...code.en].filter(([, v]) => v === wanted).map(([k]) => k);
    for (const key of keys) {
      links.push(`message ${key}`);
      const [ns, path] = key.split(':');
      const used = new RegExp(`['"\`](?:${escape(ns)}:)?${escape(path)}['"\`]`);
      built.push(...code.src.filter((s) => used.test(s.text)).map((s) => s.path));
    }
    // A one-word quote ('Error', 'Complete!', 'UNKNOWN') is in tests that have nothing to do with the item: such an
    // item needs a test that names it (a spec comment) to count as tested.
    if (keys.length && quote.trim().includes(' ')) tests.push(...code.tests.filter((t) => t.text.includes(quote)).map((t) => t.path));
  }
  const builtMarked = [...code.src, ...code.server].filter((s) => markedBy(s).has(item.id)).map((s) => s.path);
  const testMarked = code.tests.filter((t) => markedBy(t).has(item.id)).map((t) => t.path);
  if (builtMarked.length || testMarked.length) links.push('spec comment');
  built.push(...builtMarked);
  tests.push(...testMarked);
  const hand = BY_HAND[item.id];
  if (hand) {
    built.push(...hand.built);
    tests.push(...hand.tests);
  }
  return { built: uniq(built), tests: uniq(tests), links: uniq(links) };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
const files = (paths: string[], max = 4) =>
  paths.length
    ? `${paths
        .slice(0, max)
        .map((p) => `\`${p}\``)
        .join(', ')}${paths.length > max ? ` +${paths.length - max}` : ''}`
    : '—';

export function buildTrace(items: SpecItem[], code: Code): string {
  const rows = items.map((item) => ({ item, ...traceItem(item, code) }));
  const linked = rows.filter((r) => r.built.length);
  const tested = rows.filter((r) => r.tests.length);
  const prose = rows.filter((r) => !r.tests.length && PROSE[r.item.id]);
  const out = [
    '# Spec trace',
    '',
    '<!-- Generated by scripts/spec-trace.ts (npm run spec:trace); tests/unit/spec-trace.test.ts checks it against the code. Do not edit by hand. -->',
    '',
    'Every numbered item of the three spec documents (../shared/spec, numbered in docs/spec-items.json: per section,',
    'each bullet, table row and paragraph in order; paragraphs that lead a section in are §S.0a, §S.0b…) → where it',
    'is built → the test files that mention it. Routes are',
    'traced through the route table (src/shell/routes.tsx), calls through contract/endpoints, quoted messages through',
    'locales/en_US; other items are named by the files themselves, in a `spec: core §2.41` comment beside the code',
    'that builds them or the test that proves them ("spec comment"); a few are linked by hand in the script (BY_HAND).',
    'An item with "—" is not traced automatically: it may well be built, but this file cannot show where. Items that',
    'name nothing to build (a heading, a summary, "not shown") are listed in the script (PROSE) with the reason.',
    '',
    `Items: ${rows.length}; traced to code: ${linked.length}; with a test that mentions them: ${tested.length}; prose with nothing to test: ${prose.length}; without a test: ${rows.length - tested.length - prose.length}.`,
    '',
  ];
  for (const spec of SPECS) {
    out.push(`## ${spec}`, '', '| Item | Spec text | Traced by | Built in | Tests |', '|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.item.spec === spec)) {
      const text = r.item.text.length > 140 ? `${r.item.text.slice(0, 140)}…` : r.item.text;
      const traced =
        r.links.join(', ') || (BY_HAND[r.item.id] ? 'by hand' : PROSE[r.item.id] ? `prose — nothing to test: ${PROSE[r.item.id]}` : '—');
      out.push(`| ${r.item.id} | ${cell(text)} | ${cell(traced)} | ${files(r.built)} | ${files(r.tests, 3)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

export const committedSpecItems = (): SpecItem[] => JSON.parse(readFileSync(SPEC_ITEMS_FILE, 'utf8')) as SpecItem[];

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = specDir();
  if (!dir) {
    console.error('The specs were not found: set SPEC_DIR to the folder holding console-core.md, console-admin.md and plus-signage.md.');
    process.exit(1);
  }
  const items = readSpecItems(dir);
  writeFileSync(SPEC_ITEMS_FILE, `${JSON.stringify(items, null, 1)}\n`);
  const trace = buildTrace(items, await readCode());
  writeFileSync(SPEC_TRACE_FILE, trace);
  console.log(`${items.length} items from ${dir} → ${relative(ROOT, SPEC_ITEMS_FILE)}, ${relative(ROOT, SPEC_TRACE_FILE)}`);
}
