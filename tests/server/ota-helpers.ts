import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { gateways, tags } from '../../server/db/schema/index';
import { buildFirmware } from '../../server/lib/firmware-header';

/** A multipart body whose file goes in the field the OTA calls read (fwData). */
export function otaForm(fields: Record<string, string>, file?: { name: string; content: Buffer }, fileField = 'fwData') {
  const boundary = '----shelfpad-ota-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Firmware for the demo tags (versions 0x0321, 0x0410, 0x0412): by default it updates every one of them to 0x0500. */
export const FIRMWARE = { otaType: 3, fwVersion: 0x0500, targetStartVersion: 0x0300, targetEndVersion: 0x0412 };
export const firmwareFile = (over: Partial<typeof FIRMWARE> = {}) => buildFirmware({ ...FIRMWARE, ...over, payloadLength: 2048 });

/** The store's first `n` gateways that serve tags, as the console sends them. */
export async function gatewaysOf(db: Db, storeCode: string, n: number) {
  const rows = await db
    .select({ gwMac: gateways.gwMac, ip: gateways.ip, ch: gateways.dataChannel })
    .from(gateways)
    .where(and(eq(gateways.storeCode, storeCode), sql`exists (select 1 from ${tags} where ${tags.gwMac} = ${gateways.gwMac})`))
    .orderBy(asc(gateways.gwMac))
    .limit(n);
  return rows.map((r) => ({ gwMac: r.gwMac, ip: (r.ip ?? '').replace(/:\d+$/, ''), otaCh: r.ch }));
}

/** The text fields of a valid start over the given gateways (the OTA defaults of console-admin §9). */
export function startFields(
  gws: { gwMac: string; ip: string; otaCh: number }[],
  over: Record<string, string> = {},
): Record<string, string> {
  return {
    gw_ip_list: JSON.stringify(gws.map((g) => g.ip)),
    gw_info_dict: JSON.stringify(Object.fromEntries(gws.map((g) => [g.ip, { gwMac: g.gwMac, otaCh: g.otaCh }]))),
    fwName: 'tag-fw-0500.bin',
    otaType: String(FIRMWARE.otaType),
    tagVersion: String(FIRMWARE.fwVersion),
    startVersion: String(FIRMWARE.targetStartVersion),
    endVersion: String(FIRMWARE.targetEndVersion),
    repeatCnt: '5',
    otaStartTime: '200',
    otaSleepMinTime: '10',
    otaSleepDistTime: '1',
    otaTransmissionTime: '60',
    ...over,
  };
}
