/*
 * Plus device entry in the assign modal (plus-signage §4 "Device entry", §5 "Assign (v1 modal)", NOTES 5).
 * Pure: the modal renders `state`, shows `prompt`/`error`, sends `request`, then dispatches `attempted`.
 *
 *   state 0: fewer than 12 hex characters after removing ':' and '-' (or anything unreadable)
 *   state 1: exactly 12 hex characters — a list of product codes is built and assigned together
 *   state 2: 12 hex characters then index digits — a single product code, assigned on add
 */

export const MSG_ADD_TYPED_CODE = 'Do you want to add the entered product code to the list?';
export const MSG_ENTER_PRODUCT_CODE = 'Enter Product Code, Please!';

export type DeviceEntry = { state: 0 } | { state: 1; mac: string } | { state: 2; mac: string; index: string };

function compact(input: string): string {
  return input.trim().replace(/[:-]/g, '').toLowerCase();
}

function formatMac(hex12: string): string {
  return hex12.match(/../g)!.join(':');
}

/** 'AA-BB-CC-DD-EE-FF', 'aabbccddeeff', 'aa:bb:…' → 'aa:bb:cc:dd:ee:ff'; anything else → undefined. */
// spec: plus §4.12 — lower case, ':' and '-' stripped, six byte pairs
export function normaliseMac(input: string): string | undefined {
  const hex = compact(input);
  return /^[0-9a-f]{12}$/.test(hex) ? formatMac(hex) : undefined;
}

// spec: plus §4.7, plus §4.8, plus §4.9, plus §4.10, plus §9.6 — the device entry states
export function parseDeviceEntry(input: string): DeviceEntry {
  const m = /^([0-9a-f]{12})([0-9]*)$/.exec(compact(input));
  if (!m) return { state: 0 };
  return m[2] ? { state: 2, mac: formatMac(m[1]), index: m[2] } : { state: 1, mac: formatMac(m[1]) };
}

export type MacEntryRequest = { kind: 'assign'; mac: string; product: string[] } | { kind: 'deassign'; mac: string };

export interface MacEntryState {
  address: string;
  entry: DeviceEntry;
  productCode: string;
  /** State 1's list of product codes, in the order added, without repeats. */
  products: string[];
  /** The yes/no question to show; the modal answers with `confirmAdd`. */
  prompt?: typeof MSG_ADD_TYPED_CODE;
  error?: string;
  /** A call to make now; the modal sends it and dispatches `attempted` whatever the outcome. */
  request?: MacEntryRequest;
}

export type MacEntryAction =
  | { type: 'address'; value: string }
  | { type: 'productCode'; value: string }
  | { type: 'addProduct' }
  | { type: 'removeProduct'; code: string }
  | { type: 'confirmAdd'; yes: boolean }
  | { type: 'assign' }
  | { type: 'deassign' }
  | { type: 'attempted' }
  | { type: 'dismissError' };

export const initialMacEntry: MacEntryState = { address: '', entry: { state: 0 }, productCode: '', products: [] };

function assign(s: MacEntryState): MacEntryState {
  // "state 0 re-checks the address": parse what is in the field now; still incomplete → nothing to do.
  const entry = s.entry.state === 0 ? parseDeviceEntry(s.address) : s.entry;
  if (entry.state === 0) return { ...s, entry };
  const code = s.productCode.trim();
  if (entry.state === 2) {
    if (!code) return { ...s, entry, error: MSG_ENTER_PRODUCT_CODE };
    return { ...s, entry, request: { kind: 'assign', mac: entry.mac, product: [code] } };
  }
  if (code) return { ...s, entry, prompt: MSG_ADD_TYPED_CODE };
  if (s.products.length === 0) return { ...s, entry, error: MSG_ENTER_PRODUCT_CODE };
  return { ...s, entry, request: { kind: 'assign', mac: entry.mac, product: [...s.products] } };
}

function addToList(s: MacEntryState): MacEntryState {
  const code = s.productCode.trim();
  if (!code) return s;
  return { ...s, productCode: '', products: s.products.includes(code) ? s.products : [...s.products, code] };
}

// spec: plus §4.11, plus §5.10 — the assign modal's states, its question and error; cleared after an attempt
export function macEntryReducer(prev: MacEntryState, action: MacEntryAction): MacEntryState {
  // A pending question or message belongs to the previous step; any new step replaces it.
  const s: MacEntryState = action.type === 'confirmAdd' ? prev : { ...prev, error: undefined };
  if (s.request && action.type !== 'attempted') return prev; // a call is in flight: the fields are frozen
  // The question must be answered first; `attempted` (the modal closing or resetting) always clears.
  if (s.prompt && action.type !== 'confirmAdd' && action.type !== 'attempted') return prev;

  switch (action.type) {
    case 'address':
      return { ...s, address: action.value, entry: parseDeviceEntry(action.value) };
    case 'productCode':
      return { ...s, productCode: action.value };
    case 'addProduct':
      if (s.entry.state === 1) return addToList(s);
      if (s.entry.state === 2) return assign(s); // state 2 assigns its single code on add
      return s;
    case 'removeProduct':
      return { ...s, products: s.products.filter((p) => p !== action.code) };
    case 'confirmAdd': {
      if (!s.prompt) return prev;
      const answered = { ...s, prompt: undefined };
      // Yes adds, No clears; then the assign the user asked for goes on with the list as it now stands.
      return assign(action.yes ? addToList(answered) : { ...answered, productCode: '' });
    }
    case 'assign':
      if (!s.address.trim()) return prev; // an empty address is ignored
      return assign(s);
    case 'deassign': {
      const entry = s.entry.state === 0 ? parseDeviceEntry(s.address) : s.entry;
      if (entry.state === 0) return prev; // ignored without an address (§5 "Blink and deassign")
      return { ...s, entry, request: { kind: 'deassign', mac: entry.mac } };
    }
    case 'attempted':
      return initialMacEntry;
    case 'dismissError':
      return s;
  }
}
