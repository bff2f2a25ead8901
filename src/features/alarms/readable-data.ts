/*
 * Data recorded for machines (an alarm's data, a change's items: JSON) shown to people as "key: value" pairs
 * (issue 31.6). Keys stay the field names the member knows from the forms; yes/no and "none" are in the member's
 * language. Always text: server data is never read as markup.
 */
export interface ReadableWords {
  yes: string;
  no: string;
  none: string;
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

function valueText(value: unknown, words: ReadableWords): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, words)).join(', ') : words.none;
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${valueText(v, words)}`);
    return pairs.length ? `(${pairs.join(', ')})` : words.none;
  }
  return String(value);
}

/** The pairs of an object, or one line per element of a list; a plain value is one line of its own. */
export function readableLines(value: unknown, words: ReadableWords): string[] {
  const data = parsed(value);
  if (data === null || data === undefined || data === '') return [];
  if (Array.isArray(data))
    return data.flatMap((item) =>
      item !== null && typeof item === 'object' && !Array.isArray(item) ? readableLines(item, words) : [valueText(item, words)],
    );
  if (typeof data === 'object') return Object.entries(data as Record<string, unknown>).map(([k, v]) => `${k}: ${valueText(v, words)}`);
  return [valueText(data, words)];
}

/** The lines on one line, for a table cell (OneLine cuts it and keeps the whole text in its title). */
export const readableText = (value: unknown, words: ReadableWords): string => readableLines(value, words).join(' · ');
