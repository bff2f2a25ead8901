import type { ChangeCategory, EndpointDef } from '../../contract/endpoints/define';

/**
 * What the change history records of a call (console-admin §2 "Alarms, changes"), decided from its declaration
 * alone (contract/endpoints/define.ts `changes`): a call added later is recorded without code of its own.
 */
export interface ChangeRule {
  category: ChangeCategory;
  operation: string;
}

/** The recorded operation: Delete (red) and Upload (orange) by what the call does, otherwise the name's verb. */
export function operationOf(def: EndpointDef, name: string): string {
  if (def.method === 'DELETE' || /Remove|Delete/.test(name)) return 'Delete';
  if (def.multipart) return 'Upload';
  if (/Add|Create/.test(name)) return 'Create';
  // The endpoint names end with their verb: tagAssign → Assign, memberUnlock → Unlock, serverConfigSave → Save.
  const verb = name.match(/[A-Z][a-z0-9]*$/)?.[0];
  return verb ?? (def.method === 'PUT' ? 'Update' : 'Save');
}

export function changeRuleOf(def: EndpointDef, name: string): ChangeRule | undefined {
  if (def.method === 'GET' || def.changes === false) return undefined;
  if (def.changes) return { category: def.changes, operation: operationOf(def, name) };
  // A POST that only reads (a list, a preview) declares need 'read': only write-privileged calls change data.
  if (typeof def.access !== 'object' || def.access.need !== 'write') return undefined;
  return { category: def.access.section, operation: operationOf(def, name) };
}

/** Never recorded: secrets, and what holds a file's or a script's contents. */
const SECRET_KEY = /pass(word)?|pwd|token|secret|credential|api[-_]?key|private/i;
const CONTENT_KEY = /^(code|fwData|fileData|content64|base64)$/;
const MAX_STRING = 200;
const MAX_LIST = 50;
const MAX_DEPTH = 4;

/**
 * A copy of a call's input fit for the history: secrets dropped, scripts and file contents replaced by their
 * length, long strings and lists cut, so that one row stays small whatever the call sent.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' && value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  }
  if (depth >= MAX_DEPTH) return '…';
  if (Buffer.isBuffer(value)) return { bytes: value.length };
  if (Array.isArray(value)) {
    const head = value.slice(0, MAX_LIST).map((v) => redact(v, depth + 1));
    return value.length > MAX_LIST ? [...head, `… ${value.length - MAX_LIST} more`] : head;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEY.test(key)) continue;
    out[key] = CONTENT_KEY.test(key) && typeof v === 'string' ? { length: v.length } : redact(v, depth + 1);
  }
  return out;
}
