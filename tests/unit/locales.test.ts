import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, type Language, type Namespace } from '../../src/platform/i18n';

/*
 * The translation files (console-core §1: en_US, ja_JP, ko_KR). en_US types the keys (src/platform/i18n.ts), so these
 * checks keep the other two in step with it: the same keys, nothing empty, and nothing left in English.
 */

/**
 * Values that are the same in every language on purpose. Keep it short: each entry is a place where an untranslated
 * copy would go unnoticed. Strings without letters (numbers, placeholders, punctuation) are exempt by rule.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Shelfpad', // product name
  'OK', // the spec's update result and the usual button text in Japanese and Korean UIs alike
  'NG', // the spec's update result (OK / NG)
  // Technical names that Japanese and Korean device screens print as they are.
  'MAC',
  'NFC',
  'OS',
  'Bluetooth',
  'UTF-8', // a file encoding's name (the product file upload)
  // Keys as printed on the keyboard (the show editor's shortcuts help): the same caps in every language.
  'Shift + ← ↑ → ↓',
  'Ctrl + Z (⌘ + Z)',
  'Ctrl + Shift + Z, Ctrl + Y',
  'Delete',
]);

const TRANSLATED = LANGUAGES.filter((lng) => lng !== 'en_US');

function load(language: Language, ns: Namespace): Record<string, unknown> {
  const path = new URL(`../../locales/${language}/${ns}.json`, import.meta.url);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Every leaf as a dotted path, e.g. "dialog.ok" → "OK". Arrays count as leaves' parents too. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const hasText = (s: string) => /\p{L}/u.test(s.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, ''));

describe('locales', () => {
  it('has a file for every language and namespace', () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES)
        expect(existsSync(new URL(`../../locales/${lng}/${ns}.json`, import.meta.url)), `${lng}/${ns}.json`).toBe(true);
    }
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const english = leaves(load('en_US', ns));

    it.each(LANGUAGES)('%s has only non-empty strings', (lng) => {
      const bad = [...leaves(load(lng, ns))].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `${lng}/${ns}.json: empty or non-string values`).toEqual([]);
    });

    it.each(TRANSLATED)('%s has exactly the keys of en_US', (lng) => {
      const keys = [...leaves(load(lng, ns)).keys()];
      const missing = [...english.keys()].filter((k) => !keys.includes(k));
      const extra = keys.filter((k) => !english.has(k));
      expect({ missing, extra }, `${lng}/${ns}.json against en_US`).toEqual({ missing: [], extra: [] });
    });

    it.each(TRANSLATED)('%s translates every text (no English copies)', (lng) => {
      const copies = [...leaves(load(lng, ns))]
        .filter(([k, v]) => typeof v === 'string' && v === english.get(k) && hasText(v) && !SAME_IN_EVERY_LANGUAGE.has(v))
        .map(([k, v]) => `${k}: ${String(v)}`);
      expect(copies, `${lng}/${ns}.json: values still equal to en_US`).toEqual([]);
    });

    it.each(TRANSLATED)('%s keeps the same {{placeholders}} as en_US', (lng) => {
      const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
      const mismatched = [...leaves(load(lng, ns))]
        .filter(([k, v]) => english.has(k) && placeholders(v).join() !== placeholders(english.get(k)).join())
        .map(([k]) => k);
      expect(mismatched, `${lng}/${ns}.json: placeholders differ from en_US`).toEqual([]);
    });
  });
});
