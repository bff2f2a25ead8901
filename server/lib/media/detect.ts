/*
 * What a file is, read from its first bytes (magic numbers) and never from its name or the browser's content
 * type: both are the client's say. Only the formats players and the thumbnailer understand are recognised.
 */
export type MediaKind = 'image' | 'video' | 'widget';

export interface Detected {
  kind: MediaKind;
  /** The content type answered on download. */
  mime: string;
  /** Extension of the stored file. */
  ext: string;
}

const startsWith = (bytes: Buffer, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** ISO base media (MP4, MOV): a box of type 'ftyp' first; its brand tells QuickTime from MP4. */
function isoMedia(bytes: Buffer): Detected | undefined {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const brand = ascii(bytes, 8, 12);
  if (brand.startsWith('hei') || brand === 'mif1' || brand === 'avif') return undefined; // still images in the same box format
  return brand === 'qt  ' ? { kind: 'video', mime: 'video/quicktime', ext: 'mov' } : { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
}

export function detectMedia(bytes: Buffer): Detected | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  const iso = isoMedia(bytes);
  if (iso) return iso;
  // Widgets are packaged web pages: a zip archive (local file header first).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'widget', mime: 'application/zip', ext: 'zip' };
  return undefined;
}

/** Software packages (player, launcher) are Android packages, i.e. zip archives. */
export const isPackage = (bytes: Buffer) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
