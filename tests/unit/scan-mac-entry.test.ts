import { describe, expect, it } from 'vitest';
import {
  initialMacEntry as empty,
  macEntryReducer as reduce,
  MSG_ADD_TYPED_CODE,
  MSG_ENTER_PRODUCT_CODE,
  normaliseMac,
  parseDeviceEntry,
  type MacEntryAction,
  type MacEntryState,
} from '../../src/scan/input/mac-entry-state';

const MAC = 'aa:bb:cc:dd:ee:0f';
const run = (actions: MacEntryAction[], from: MacEntryState = empty) => actions.reduce(reduce, from);

// spec: plus §4.12, plus §9.6 — lower case, ':' and '-' stripped, 12 hex as six byte pairs
describe('normaliseMac', () => {
  it.each([
    ['AABBCCDDEE0F', MAC],
    ['aa:bb:cc:dd:ee:0f', MAC],
    ['AA-BB-CC-DD-EE-0F', MAC],
    ['  aA:Bb-cCdd:EE0f  ', MAC],
  ])('%s → %s', (input, out) => expect(normaliseMac(input)).toBe(out));

  it.each(['', 'aabbccddee', 'aabbccddee0f1', 'gg:bb:cc:dd:ee:ff', 'aa bb cc dd ee ff', 'aa.bb.cc.dd.ee.ff'])('%j → undefined', (input) =>
    expect(normaliseMac(input)).toBeUndefined(),
  );
});

// spec: plus §4.8, plus §4.9, plus §4.10, plus §9.6 — state 0 / 1 / 2 from the address and the index digits after it
// spec: plus §4.7 — the device entry of the assign modal (its states below)
describe('parseDeviceEntry', () => {
  it.each([
    ['', { state: 0 }],
    ['aabbcc', { state: 0 }],
    ['AA:BB:CC:DD:EE', { state: 0 }], // 10 hex: incomplete
    ['aabbccddee0', { state: 0 }], // 11 hex
    ['AABBCCDDEE0F', { state: 1, mac: MAC }],
    ['AA-BB-CC-DD-EE-0F', { state: 1, mac: MAC }],
    ['aabbccddee0f1', { state: 2, mac: MAC, index: '1' }],
    ['AA:BB:CC:DD:EE:0F-0042', { state: 2, mac: MAC, index: '0042' }],
    ['aabbccddee0fx', { state: 0 }], // anything else after the 12: unreadable
    ['aabbccddee0f1a', { state: 0 }],
    ['zzbbccddee0f', { state: 0 }],
    ['aabbccddee0f 1', { state: 0 }],
  ])('%j → %j', (input, out) => expect(parseDeviceEntry(input)).toEqual(out));
});

// The named starting points of the matrix below.
const S = {
  blank: empty,
  state0: run([{ type: 'address', value: 'aabbcc' }]),
  state1: run([{ type: 'address', value: 'AABBCCDDEE0F' }]),
  state1Typed: run([
    { type: 'address', value: 'AABBCCDDEE0F' },
    { type: 'productCode', value: ' P1 ' },
  ]),
  state1List: run([{ type: 'address', value: 'AABBCCDDEE0F' }, { type: 'productCode', value: 'P1' }, { type: 'addProduct' }]),
  state1Prompt: run([{ type: 'address', value: 'AABBCCDDEE0F' }, { type: 'productCode', value: 'P9' }, { type: 'assign' }]),
  state2: run([{ type: 'address', value: 'aabbccddee0f7' }]),
  state2Typed: run([
    { type: 'address', value: 'aabbccddee0f7' },
    { type: 'productCode', value: 'P2' },
  ]),
};

describe('macEntryReducer: the states', () => {
  it('starts empty in state 0', () => {
    expect(empty).toEqual({ address: '', entry: { state: 0 }, productCode: '', products: [] });
  });
  it('moves 0 → 1 → 2 as the address grows, and back to 0 when it is cleared', () => {
    const steps = ['aabb', 'aabbccddee0f', 'aabbccddee0f3', ''].map((value) => run([{ type: 'address', value }]).entry.state);
    expect(steps).toEqual([0, 1, 2, 0]);
  });
  it('keeps what was typed in the address field as typed', () => {
    expect(S.state1.address).toBe('AABBCCDDEE0F');
    expect(S.state1.entry).toEqual({ state: 1, mac: MAC });
  });
});

// spec: plus §4.11, plus §5.10 — empty address ignored, state 0 re-checked, the question in state 1, the error; fields cleared after an attempt
// spec: plus §5.11 — the deassign half: deassign with an empty or incomplete address is ignored
describe('macEntryReducer: every state × every action', () => {
  type Case = [keyof typeof S, MacEntryAction, (s: MacEntryState) => void];
  const cases: Case[] = [
    // assign
    ['blank', { type: 'assign' }, (s) => expect(s).toBe(S.blank)], // an empty address is ignored
    ['state0', { type: 'assign' }, (s) => expect(s).toEqual(S.state0)], // re-checked, still incomplete: nothing
    ['state1', { type: 'assign' }, (s) => expect(s.error).toBe(MSG_ENTER_PRODUCT_CODE)],
    ['state1Typed', { type: 'assign' }, (s) => expect([s.prompt, s.request]).toEqual([MSG_ADD_TYPED_CODE, undefined])],
    ['state1List', { type: 'assign' }, (s) => expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P1'] })],
    ['state1Prompt', { type: 'assign' }, (s) => expect(s).toBe(S.state1Prompt)], // answer first
    ['state2', { type: 'assign' }, (s) => expect([s.error, s.request]).toEqual([MSG_ENTER_PRODUCT_CODE, undefined])],
    ['state2Typed', { type: 'assign' }, (s) => expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P2'] })],
    // addProduct
    ['blank', { type: 'addProduct' }, (s) => expect(s).toEqual(S.blank)],
    ['state0', { type: 'addProduct' }, (s) => expect(s).toEqual(S.state0)],
    ['state1', { type: 'addProduct' }, (s) => expect(s.products).toEqual([])], // nothing typed, nothing added
    ['state1Typed', { type: 'addProduct' }, (s) => expect([s.products, s.productCode]).toEqual([['P1'], ''])],
    ['state1List', { type: 'addProduct' }, (s) => expect(s).toEqual(S.state1List)],
    ['state1Prompt', { type: 'addProduct' }, (s) => expect(s).toBe(S.state1Prompt)],
    ['state2', { type: 'addProduct' }, (s) => expect(s.error).toBe(MSG_ENTER_PRODUCT_CODE)],
    ['state2Typed', { type: 'addProduct' }, (s) => expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P2'] })],
    // confirmAdd
    [
      'state1Prompt',
      { type: 'confirmAdd', yes: true },
      (s) => {
        expect(s.prompt).toBeUndefined();
        expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P9'] });
      },
    ],
    [
      'state1Prompt',
      { type: 'confirmAdd', yes: false },
      (s) => {
        expect([s.prompt, s.productCode, s.request]).toEqual([undefined, '', undefined]);
        expect(s.error).toBe(MSG_ENTER_PRODUCT_CODE); // list still empty
      },
    ],
    ['state1', { type: 'confirmAdd', yes: true }, (s) => expect(s).toBe(S.state1)], // no question asked: ignored
    ['state2Typed', { type: 'confirmAdd', yes: true }, (s) => expect(s).toBe(S.state2Typed)],
    // productCode
    ['state0', { type: 'productCode', value: 'X' }, (s) => expect(s.productCode).toBe('X')],
    ['state1List', { type: 'productCode', value: 'X' }, (s) => expect([s.productCode, s.products]).toEqual(['X', ['P1']])],
    ['state2', { type: 'productCode', value: 'X' }, (s) => expect(s.productCode).toBe('X')],
    ['state1Prompt', { type: 'productCode', value: 'X' }, (s) => expect(s).toBe(S.state1Prompt)],
    // address
    ['state1List', { type: 'address', value: 'aabbccddee0f12' }, (s) => expect(s.entry).toEqual({ state: 2, mac: MAC, index: '12' })],
    ['state2Typed', { type: 'address', value: 'aabb' }, (s) => expect([s.entry, s.productCode]).toEqual([{ state: 0 }, 'P2'])],
    ['state1Prompt', { type: 'address', value: '' }, (s) => expect(s).toBe(S.state1Prompt)],
    // removeProduct
    ['state1List', { type: 'removeProduct', code: 'P1' }, (s) => expect(s.products).toEqual([])],
    ['state1List', { type: 'removeProduct', code: 'nope' }, (s) => expect(s.products).toEqual(['P1'])],
    // deassign
    ['blank', { type: 'deassign' }, (s) => expect(s).toBe(S.blank)],
    ['state0', { type: 'deassign' }, (s) => expect(s).toBe(S.state0)],
    ['state1', { type: 'deassign' }, (s) => expect(s.request).toEqual({ kind: 'deassign', mac: MAC })],
    ['state2Typed', { type: 'deassign' }, (s) => expect(s.request).toEqual({ kind: 'deassign', mac: MAC })],
    // attempted: fields cleared, state 0 — from everywhere
    ...(Object.keys(S) as Array<keyof typeof S>).map((k): Case => [k, { type: 'attempted' }, (s) => expect(s).toEqual(empty)]),
    // dismissError
    ['state2', { type: 'dismissError' }, (s) => expect(s).toEqual(S.state2)],
  ];

  it.each(cases.map(([from, action, check], i) => ({ i, from, action, check })))('#$i $from + $action.type', ({ from, action, check }) =>
    check(reduce(S[from], action)),
  );
});

describe('macEntryReducer: flows', () => {
  it('state 1: builds a list without repeats and assigns it in order, then clears to state 0', () => {
    const s = run([
      { type: 'address', value: 'AA-BB-CC-DD-EE-0F' },
      ...['P1', 'P2', 'P1', ' P3 '].flatMap((value): MacEntryAction[] => [{ type: 'productCode', value }, { type: 'addProduct' }]),
      { type: 'assign' },
    ]);
    expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P1', 'P2', 'P3'] });
    expect(run([{ type: 'attempted' }], s)).toEqual(empty);
  });

  it('state 1: "Yes" adds the typed code to the existing list before assigning', () => {
    const s = run([{ type: 'confirmAdd', yes: true }], run([{ type: 'productCode', value: 'P2' }, { type: 'assign' }], S.state1List));
    expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P1', 'P2'] });
  });

  it('state 1: "No" clears the typed code and assigns the list as it was', () => {
    const s = run([{ type: 'confirmAdd', yes: false }], run([{ type: 'productCode', value: 'P2' }, { type: 'assign' }], S.state1List));
    expect(s.request).toEqual({ kind: 'assign', mac: MAC, product: ['P1'] });
  });

  it('an error goes away with the next action, and a whitespace-only code counts as empty', () => {
    const s = run([{ type: 'productCode', value: '   ' }, { type: 'assign' }], S.state2);
    expect(s.error).toBe(MSG_ENTER_PRODUCT_CODE);
    expect(reduce(s, { type: 'productCode', value: 'P' }).error).toBeUndefined();
  });

  it('freezes while a request is out: only `attempted` moves on', () => {
    const out = S.state2Typed && reduce(S.state2Typed, { type: 'assign' });
    for (const a of [{ type: 'address', value: 'x' }, { type: 'assign' }, { type: 'productCode', value: 'y' }] as MacEntryAction[]) {
      expect(reduce(out, a)).toBe(out);
    }
    expect(reduce(out, { type: 'attempted' })).toEqual(empty);
  });

  it('uses the messages exactly as the spec quotes them', () => {
    expect(MSG_ADD_TYPED_CODE).toBe('Do you want to add the entered product code to the list?');
    expect(MSG_ENTER_PRODUCT_CODE).toBe('Enter Product Code, Please!');
  });
});
