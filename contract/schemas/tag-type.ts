/*
 * Tag type code (console-core §3): two characters, the first for peripheral features and colour, the second
 * for the size. A type without COLOR is black and white and its model name ends in F.
 */

export const TAG_FEATURES = ['LED', 'COLOR', 'NFC', 'FREEZER'] as const;
export type TagFeature = (typeof TAG_FEATURES)[number];

export const TAG_FEATURE_CODES: Readonly<Record<string, readonly TagFeature[]>> = {
  B: ['LED', 'COLOR', 'NFC'],
  A: ['LED', 'COLOR'],
  '3': ['COLOR', 'NFC'],
  '2': ['COLOR'],
  D: ['LED', 'FREEZER', 'NFC'],
  C: ['LED', 'FREEZER'],
  '5': ['NFC', 'FREEZER'],
  '4': ['FREEZER'],
};

// The spec gives no sizes: this table of screen diagonals in inches is our choice.
export const TAG_SIZE_CODES: Readonly<Record<string, string>> = {
  '1': '1.6',
  '2': '2.2',
  '3': '2.9',
  '4': '4.2',
  '5': '7.5',
  '6': '2.6',
  '7': '4.3',
  '8': '5.8',
  '9': '10.2',
  A: '12.2',
};

export const UNKNOWN_TAG_TYPE = 'UNKNOWN';

export interface DecodedTagType {
  code: string;
  /** e.g. `2.9" LED NFC`, `4.2" FREEZER F`; UNKNOWN when either character is not in the tables. */
  model: string;
  /** Inches, from the second character; also the tag's layout size. */
  size: string | null;
  features: readonly TagFeature[];
  color: boolean;
  known: boolean;
}

// spec: core §3.7, core §9.10 — tag type code: features and colour, size, model name, UNKNOWN
export function decodeTagType(code: string | null | undefined): DecodedTagType {
  const normalized = (code ?? '').trim().toUpperCase();
  const features = normalized.length === 2 ? TAG_FEATURE_CODES[normalized[0]] : undefined;
  const size = normalized.length === 2 ? TAG_SIZE_CODES[normalized[1]] : undefined;
  if (!features || !size) {
    return { code: normalized, model: UNKNOWN_TAG_TYPE, size: size ?? null, features: features ?? [], color: false, known: false };
  }
  const color = features.includes('COLOR');
  const parts = [`${size}"`, ...features.filter((feature) => feature !== 'COLOR'), ...(color ? [] : ['F'])];
  return { code: normalized, model: parts.join(' '), size, features, color, known: true };
}
