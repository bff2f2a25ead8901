// Writes a firmware file the reference server accepts (header: server/lib/firmware-header.ts), for trying OTA by hand:
//   npx tsx scripts/make-firmware.ts out.bin [fwVersion] [targetStart] [targetEnd] [otaType] [payloadBytes]
// Versions in hex (0x0500), e.g. `npx tsx scripts/make-firmware.ts tag-fw-0500.bin 0x0500 0x0300 0x0412 3 65536`.
import { writeFileSync } from 'node:fs';
import { buildFirmware } from '../server/lib/firmware-header';

const [out, fw = '0x0500', start = '0x0300', end = '0x0412', type = '3', bytes = '65536'] = process.argv.slice(2);
if (!out?.endsWith('.bin')) {
  console.error('usage: make-firmware.ts <out.bin> [fwVersion] [targetStart] [targetEnd] [otaType] [payloadBytes]');
  process.exit(2);
}
const hex = (text: string) => parseInt(text.replace(/^0x/i, ''), 16);
const file = buildFirmware({
  fwVersion: hex(fw),
  targetStartVersion: hex(start),
  targetEndVersion: hex(end),
  otaType: Number(type),
  payloadLength: Number(bytes),
});
writeFileSync(out, file);
console.log(`${out}: ${file.length} bytes, fw ${fw}, targets ${start}–${end}, type ${type}`);
