/**
 * Seconds of an MP4/MOV from its movie header box (mvhd: timescale and duration), or undefined for other files.
 * A v1 content carries its own duration (plus-signage §3); reading the header needs no decoder.
 */
export function mp4Duration(bytes: Buffer): number | undefined {
  const at = bytes.indexOf('mvhd');
  if (at < 4 || at + 36 > bytes.length) return undefined;
  const version = bytes[at + 4];
  const body = at + 8;
  const timescale = version === 1 ? bytes.readUInt32BE(body + 16) : bytes.readUInt32BE(body + 8);
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(body + 20)) : bytes.readUInt32BE(body + 12);
  if (!timescale || !Number.isFinite(duration)) return undefined;
  return Math.max(1, Math.round(duration / timescale));
}
