import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { committedSpecQuotes, readSpecQuotes, specDir } from '../../scripts/spec-quotes';

/*
 * NOTES.md 1: the specs' quoted messages are used exactly in en_US, and ja_JP / ko_KR translate the same keys.
 * The quotes are those of the three spec documents, kept in docs/spec-quotes.json (scripts/spec-quotes.ts) so that
 * this runs in any checkout; where the specs are beside the project, the file must equal what they say today, so a
 * message the spec adds is checked the day the spec changes. A quote that is not a message (a value, a path, a
 * pattern) is listed below with its reason.
 */
const LOCALES = new URL('../../locales/', import.meta.url);

/** Quoted text that no screen shows as a message. */
const NOT_MESSAGES = new Map<string, string>([
  ['password', 'the name of a field the password prompt asks for'],
  ['contains', 'the filter operator ~ (the table shows the operator)'],
  ['equals', 'the filter operator == (the table shows the operator)'],
  ['no matching tags', "the server's answer the product screens recognise; it closes normally (console-admin §4)"],
  ['me', 'the account path'],
  ['ok', "the OTA start answer's message the screen checks"],
  ['-admin', 'the suffix of the default admin e-mail'],
  ['delete all', 'the show editor action it names (its label is ours)'],
  ['23.1', 'a template size value'],
  ['23', 'a v1 device type'],
  ['29', 'a v1 device type'],
  ['RxC', 'the content layout pattern'],
  ['WxH', 'the template size pattern'],
  ['all', 'the switchMode macList value'],
  ['(n) mac (name)', 'the pattern of each line of the "in use" message (checked in plus-media tests)'],
]);

/** Quoted parts of a longer message: some en_US value must contain them. */
const FRAGMENTS = new Set(['Migration failed : ', 'is Please enter a number between 1 and 100', 'There are devices that use this']);

type Catalogue = Map<string, string>; // "ns:dotted.key" → value

function catalogue(language: string): Catalogue {
  const out: Catalogue = new Map();
  const walk = (ns: string, value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(ns, v, path ? `${path}.${k}` : k);
    else if (typeof value === 'string') out.set(`${ns}:${path}`, value);
  };
  for (const file of readdirSync(new URL(`${language}/`, LOCALES))) {
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), 'utf8')), '');
  }
  return out;
}

/** The spec writes placeholders as {name}; i18next as {{name}}. */
const asI18next = (quote: string) => quote.replace(/\{(\w+)\}/g, '{{$1}}');

/** The keys whose en_US value is the quote (or holds it, for a fragment). */
function keysOf(en: Catalogue, quote: string): string[] {
  const wanted = asI18next(quote);
  return [...en].filter(([, v]) => (FRAGMENTS.has(quote) ? v.includes(wanted) : v === wanted)).map(([k]) => k);
}

/** Values the same in every language on purpose (tests/unit/locales.test.ts keeps its own list for all keys). */
const SAME_IN_EVERY_LANGUAGE = new Set(['OK', 'NG', 'UNKNOWN']);

describe('the specs’ quoted messages', () => {
  const quotes = committedSpecQuotes().filter((q) => !NOT_MESSAGES.has(q.text));
  const dir = specDir();

  it.skipIf(!dir)('are those the specs beside the project hold today (npm run spec:quotes rewrites them)', () => {
    expect(committedSpecQuotes()).toEqual(readSpecQuotes(dir as string));
  });
  const en = catalogue('en_US');

  it('reads a plausible number of quotes from the three specs', () => {
    // Guards the extraction itself: an empty or broken regex would pass every check below.
    expect(quotes.length).toBeGreaterThan(100);
    expect(quotes.map((q) => q.text)).toContain('No item. Please select one or more show / price).');
  });

  it('has every quoted message as a value in locales/en_US', () => {
    const missing = [...new Set(quotes.filter((q) => keysOf(en, q.text).length === 0).map((q) => `${q.spec}: ${q.text}`))];
    expect(missing).toEqual([]);
  });

  it.each(['ja_JP', 'ko_KR'])('%s translates every quoted message', (language) => {
    const other = catalogue(language);
    const untranslated: string[] = [];
    for (const q of new Set(quotes.map((x) => x.text))) {
      for (const key of keysOf(en, q)) {
        const value = other.get(key);
        if (!value || (value === en.get(key) && !SAME_IN_EVERY_LANGUAGE.has(value))) untranslated.push(`${key} (${q})`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
