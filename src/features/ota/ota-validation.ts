import { OTA_FIRMWARE_EXTENSION, OTA_TRANSMISSION_TIME } from '../../../contract/schemas/constants-admin';

/*
 * The OTA start check of the console (console-admin §5), as a pure rule: the first problem wins, in the spec's
 * order — transmission time, gateways, firmware file, every parameter filled, the .bin extension.
 */

/** The parameters of the form as typed (text), in the order the form shows them. */
export const OTA_FIELDS = [
  'fwName',
  'otaType',
  'tagVersion',
  'startVersion',
  'endVersion',
  'repeatCnt',
  'otaStartTime',
  'otaSleepMinTime',
  'otaSleepDistTime',
  'otaTransmissionTime',
] as const;
export type OtaField = (typeof OTA_FIELDS)[number];
export type OtaFormValues = Record<OtaField, string>;
/** Typed in hex (NOTES.md 10); the others in decimal. */
export const HEX_FIELDS: readonly OtaField[] = ['tagVersion', 'startVersion', 'endVersion'];

export type OtaProblem =
  { kind: 'transmissionTime' } | { kind: 'noGateway' } | { kind: 'noFile' } | { kind: 'missing'; field: OtaField } | { kind: 'extension' };

export function parseOtaNumber(field: OtaField, text: string): number {
  const clean = text.trim();
  if (HEX_FIELDS.includes(field)) return /^(0x)?[0-9a-f]+$/i.test(clean) ? parseInt(clean.replace(/^0x/i, ''), 16) : Number.NaN;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

export function otaStartProblem(input: {
  values: OtaFormValues;
  gatewayCount: number;
  file: { name: string } | undefined;
}): OtaProblem | undefined {
  const transmission = input.values.otaTransmissionTime.trim();
  if (transmission) {
    const t = Number(transmission);
    if (!Number.isInteger(t) || t < OTA_TRANSMISSION_TIME.min || t > OTA_TRANSMISSION_TIME.max) return { kind: 'transmissionTime' };
  }
  if (input.gatewayCount === 0) return { kind: 'noGateway' };
  if (!input.file) return { kind: 'noFile' };
  const missing = OTA_FIELDS.find((field) => !input.values[field].trim());
  if (missing) return { kind: 'missing', field: missing };
  if (!hasFirmwareExtension(input.file.name) || !hasFirmwareExtension(input.values.fwName)) return { kind: 'extension' };
  return undefined;
}

export const hasFirmwareExtension = (name: string) => name.trim().toLowerCase().endsWith(`.${OTA_FIRMWARE_EXTENSION}`);
