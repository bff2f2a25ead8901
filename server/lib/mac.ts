/*
 * Hardware addresses as clients send them: any case, with or without ':' / '-' separators.
 * Plus devices are stored as 'aa:bb:cc:dd:ee:ff' (plus-signage §4, NOTES.md 5); tags as 12 upper-case hex
 * characters without separators (the tags table's tagMac), and a scanned tag id is compared the same way.
 */

const SEPARATORS = /[:-]/g;
const TWELVE_HEX = /^[0-9a-f]{12}$/;

/** The 12 hex characters of an address, lower case, separators removed; undefined unless exactly 12 hex remain. */
export function macKey(input: string): string | undefined {
  const key = input.trim().toLowerCase().replace(SEPARATORS, '');
  return TWELVE_HEX.test(key) ? key : undefined;
}

/** 'aabbccddeeff' → 'aa:bb:cc:dd:ee:ff'. */
export function formatMac(key: string): string {
  return key.match(/../g)!.join(':');
}

/** The stored form of a Plus device address, or undefined when the input is not a 12-hex-character address. */
// spec: plus §4.12 — the server's address normalisation
export function normalizeMac(input: string): string | undefined {
  const key = macKey(input);
  return key && formatMac(key);
}

/**
 * How a scanned tag id or tag MAC is compared (NOTES.md 4): case-insensitive with ':' and '-' ignored, so
 * 'c4:00:01:00:00:2a' finds the tag 'C4000100002A'. Unlike macKey it keeps any length: a barcode need not be a MAC.
 */
export function tagKey(input: string): string {
  return input.trim().toUpperCase().replace(SEPARATORS, '');
}
