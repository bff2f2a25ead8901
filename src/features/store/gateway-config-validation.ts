import type { GatewayConfig } from '../../../contract/schemas/settings-store';
import { GATEWAY_PORT } from './store-constants';

/*
 * The gateway update modal's rules (console-core §5, console-admin §5): gwIndex, channelGroupIndex and
 * eslServerPort digits only; ip IPv4 with port exactly 8080; netmask, defaultGateway and dns IPv4. The two quoted
 * messages are the spec's; the others are ours in the same words (NOTES.md 12).
 */
export const GATEWAY_CONFIG_MESSAGES = {
  ip: 'Enter the correct ipv4 format in Gateway IP.',
  gwIndex: 'Enter a number for the GW Index.',
  channelGroupIndex: 'Enter a number for the Channel Group Index.',
  eslServerPort: 'Enter a number for the ESL Server Port.',
  netmask: 'Enter the correct ipv4 format in Netmask.',
  defaultGateway: 'Enter the correct ipv4 format in Default Gateway.',
  dns: 'Enter the correct ipv4 format in DNS.',
} as const;

export const NO_CHANGE = { title: 'No changed!', message: 'Gateway configurations have not been changed.' } as const;

/** The editable settings as the form holds them (text), in the order the form checks them. */
export const GATEWAY_CONFIG_FIELDS = ['gwIndex', 'channelGroupIndex', 'ip', 'netmask', 'defaultGateway', 'dns', 'eslServerPort'] as const;
export type GatewayConfigField = (typeof GATEWAY_CONFIG_FIELDS)[number];
export type GatewayConfigEntry = { gwMac: string } & Record<GatewayConfigField, string>;

const DIGITS = /^\d+$/;
const NUMBER_FIELDS: readonly GatewayConfigField[] = ['gwIndex', 'channelGroupIndex', 'eslServerPort'];

export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** IPv4 followed by exactly :8080. */
export function isGatewayIp(text: string): boolean {
  const at = text.lastIndexOf(':');
  return at > 0 && text.slice(at + 1) === String(GATEWAY_PORT) && isIPv4(text.slice(0, at));
}

const RULES: Record<GatewayConfigField, (value: string) => boolean> = {
  gwIndex: (v) => DIGITS.test(v),
  channelGroupIndex: (v) => DIGITS.test(v),
  eslServerPort: (v) => DIGITS.test(v),
  ip: isGatewayIp,
  netmask: isIPv4,
  defaultGateway: isIPv4,
  dns: isIPv4,
};

/** Whether one setting, as typed, keeps its rule (surrounding spaces aside). */
export const isValidGatewaySetting = (field: GatewayConfigField, value: string): boolean => RULES[field](value.trim());

/** The first broken rule of one entry, in the form's order, with its message; undefined when all hold. */
export function gatewayConfigProblem(
  entry: Record<GatewayConfigField, string>,
): { field: GatewayConfigField; message: string } | undefined {
  for (const field of GATEWAY_CONFIG_FIELDS) {
    if (!RULES[field](entry[field].trim())) return { field, message: GATEWAY_CONFIG_MESSAGES[field] };
  }
  return undefined;
}

/** The body of an update: the changed settings only, numbers as numbers. */
export function changedSettings(
  before: GatewayConfigEntry,
  after: GatewayConfigEntry,
): Partial<Record<GatewayConfigField, string | number>> {
  const changed: Partial<Record<GatewayConfigField, string | number>> = {};
  for (const field of GATEWAY_CONFIG_FIELDS) {
    const value = after[field].trim();
    if (value === before[field].trim()) continue;
    changed[field] = NUMBER_FIELDS.includes(field) ? Number(value) : value;
  }
  return changed;
}

/** The entries of an ALL update that changed, each with only its changed settings; empty means "No changed!". */
export function changedEntries(before: readonly GatewayConfigEntry[], after: readonly GatewayConfigEntry[]) {
  const original = new Map(before.map((e) => [e.gwMac, e]));
  return after.map((e) => ({ gwMac: e.gwMac, ...changedSettings(original.get(e.gwMac) ?? e, e) })).filter((e) => Object.keys(e).length > 1);
}

/** A stored configuration as the form holds it: every setting as text, a port never reported as ''. */
export function entryOf(config: GatewayConfig): GatewayConfigEntry {
  const entry = { gwMac: config.gwMac } as GatewayConfigEntry;
  for (const field of GATEWAY_CONFIG_FIELDS) entry[field] = config[field] == null ? '' : String(config[field]);
  return entry;
}

/*
 * One form edits one gateway or a whole list: its values are named "<gwMac>.<field>" so that the same fields,
 * rules and comparison serve both.
 */
export const settingName = (gwMac: string, field: GatewayConfigField) => `${gwMac}.${field}`;

export function formValuesOf(entries: readonly GatewayConfigEntry[]): Record<string, string> {
  return Object.fromEntries(entries.flatMap((e) => GATEWAY_CONFIG_FIELDS.map((f) => [settingName(e.gwMac, f), e[f]])));
}

export function entriesOf(values: Record<string, string>, gwMacs: readonly string[]): GatewayConfigEntry[] {
  return gwMacs.map((gwMac) => {
    const entry = { gwMac } as GatewayConfigEntry;
    for (const field of GATEWAY_CONFIG_FIELDS) entry[field] = values[settingName(gwMac, field)] ?? '';
    return entry;
  });
}
