import { crc32 } from 'node:zlib';

/*
 * The reference server's tag firmware file (.bin): a fixed 32-byte header, then the payload the gateways send to
 * the tags. Every number is little-endian and unsigned.
 *
 *   offset size  field
 *        0    4  magic "SPFW" (53 50 46 57)
 *        4    1  header format, 1
 *        5    1  ota_type: the tag family the firmware is for (0–255)
 *        6    2  header length, 32
 *        8    4  fw_version: the version the tags run afterwards
 *       12    4  target_start_version: the lowest tag version that may take this firmware
 *       16    4  target_end_version: the highest (start ≤ end)
 *       20    4  payload length in bytes (the file is exactly 32 + this long)
 *       24    4  target_check_sum: CRC-32 (IEEE 802.3, as zlib/PNG) of the payload
 *       28    4  CRC-32 of header bytes 0–27
 *
 * A file whose header or payload does not match its checksums is refused before anything is stored or started.
 */

export const FIRMWARE_MAGIC = Buffer.from('SPFW', 'latin1');
export const FIRMWARE_FORMAT = 1;
export const FIRMWARE_HEADER_LENGTH = 32;

export interface FirmwareHeader {
  otaType: number;
  fwVersion: number;
  targetStartVersion: number;
  targetEndVersion: number;
  payloadLength: number;
  /** CRC-32 of the payload. */
  checkSum: number;
}

/** Why a file is not a firmware file this server accepts; the message is shown to the user as it is. */
export class FirmwareError extends Error {
  constructor(
    message: string,
    readonly code: 'FIRMWARE_MALFORMED' | 'FIRMWARE_CHECKSUM',
  ) {
    super(message);
  }
}

export function parseFirmware(file: Buffer): FirmwareHeader {
  if (file.length < FIRMWARE_HEADER_LENGTH)
    throw new FirmwareError(
      `The firmware file is too short for its header (${file.length} of ${FIRMWARE_HEADER_LENGTH} bytes).`,
      'FIRMWARE_MALFORMED',
    );
  if (!file.subarray(0, 4).equals(FIRMWARE_MAGIC))
    throw new FirmwareError('The file is not a firmware file (its header does not start with SPFW).', 'FIRMWARE_MALFORMED');
  const format = file.readUInt8(4);
  if (format !== FIRMWARE_FORMAT) throw new FirmwareError(`Unsupported firmware header format ${format}.`, 'FIRMWARE_MALFORMED');
  if (file.readUInt16LE(6) !== FIRMWARE_HEADER_LENGTH)
    throw new FirmwareError('The firmware header length is wrong.', 'FIRMWARE_MALFORMED');
  if (crc32(file.subarray(0, 28)) !== file.readUInt32LE(28))
    throw new FirmwareError('The firmware header is damaged (header checksum mismatch).', 'FIRMWARE_CHECKSUM');
  const header: FirmwareHeader = {
    otaType: file.readUInt8(5),
    fwVersion: file.readUInt32LE(8),
    targetStartVersion: file.readUInt32LE(12),
    targetEndVersion: file.readUInt32LE(16),
    payloadLength: file.readUInt32LE(20),
    checkSum: file.readUInt32LE(24),
  };
  const actual = file.length - FIRMWARE_HEADER_LENGTH;
  if (actual !== header.payloadLength)
    throw new FirmwareError(`The firmware payload is ${actual} bytes; its header says ${header.payloadLength}.`, 'FIRMWARE_MALFORMED');
  if (header.targetStartVersion > header.targetEndVersion)
    throw new FirmwareError('The firmware target start version is above its end version.', 'FIRMWARE_MALFORMED');
  if (crc32(file.subarray(FIRMWARE_HEADER_LENGTH)) !== header.checkSum)
    throw new FirmwareError('The firmware payload does not match its checksum.', 'FIRMWARE_CHECKSUM');
  return header;
}

/** A valid firmware file (tests, the e2e suite, scripts/make-firmware.ts): the payload is filler unless given. */
export function buildFirmware(opts: {
  otaType: number;
  fwVersion: number;
  targetStartVersion: number;
  targetEndVersion: number;
  payload?: Buffer;
  payloadLength?: number;
}): Buffer {
  const payload = opts.payload ?? Buffer.from(Array.from({ length: opts.payloadLength ?? 1024 }, (_, i) => (i * 31 + 7) & 0xff));
  const header = Buffer.alloc(FIRMWARE_HEADER_LENGTH);
  FIRMWARE_MAGIC.copy(header, 0);
  header.writeUInt8(FIRMWARE_FORMAT, 4);
  header.writeUInt8(opts.otaType, 5);
  header.writeUInt16LE(FIRMWARE_HEADER_LENGTH, 6);
  header.writeUInt32LE(opts.fwVersion, 8);
  header.writeUInt32LE(opts.targetStartVersion, 12);
  header.writeUInt32LE(opts.targetEndVersion, 16);
  header.writeUInt32LE(payload.length, 20);
  header.writeUInt32LE(crc32(payload), 24);
  header.writeUInt32LE(crc32(header.subarray(0, 28)), 28);
  return Buffer.concat([header, payload]);
}
