import { FILE_SIZE_BASE, FILE_SIZE_UNITS } from '../../contract/schemas/constants-plus';

/** Bytes in the spec's units, base 1024 (plus-signage §9): the media lists' sizes and every file of an upload. */
// spec: plus §9.15 — Bytes … TB, base 1024
export function fileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= FILE_SIZE_BASE && unit < FILE_SIZE_UNITS.length - 1) {
    value /= FILE_SIZE_BASE;
    unit++;
  }
  return `${unit ? value.toFixed(1) : value} ${FILE_SIZE_UNITS[unit]}`;
}
