import { Type, type Static, type TSchema } from 'typebox';
import { Anything, Body, SourceCode } from './admin-common';

/*
 * The code editors' scripts (console-admin §2, §3 "Parser and decorator: code, useType"): what each kind of script
 * must define, what it is given and what it must answer. The server runs them in its sandbox
 * (server/lib/sandbox/), the editor's test pane sends the sample input, and README.md "User scripts" tells users.
 * Every script is plain synchronous JavaScript; input and output are JSON data.
 */

export const CODE_SCRIPT_KINDS = ['thirdPartyAuth', 'paperParser', 'productFileParser', 'tagDataDecorator', 'plusDataDecorator'] as const;
export type CodeScriptKind = (typeof CODE_SCRIPT_KINDS)[number];

/**
 * useType of the third-party authentication (console-admin §3; the values are ours, NOTES.md 12): 0 off (local
 * passwords only), 1 the script first, then the local password when the script refuses, 2 the script only. The
 * member must exist locally either way: roles, companies and stores come from the local account.
 */
export const AUTH_USE_TYPE = { OFF: 0, SCRIPT_THEN_LOCAL: 1, SCRIPT_ONLY: 2 } as const;
/** useType of the decorators: 0 off, 1 on. Parsers have none: a saved, non-empty parser is used. */
export const DECORATOR_USE_TYPE = { OFF: 0, ON: 1 } as const;

/** Where a script is kept (console-admin §7): system-wide, per store, or per store or company. */
export type CodeScriptScope = 'system' | 'store' | 'storeOrCompany';

const Row = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]);
/** A product as the decorators see it: the label renderer's input. */
export const DecoratedProductSchema = Type.Object(
  { prCode: Type.String({ minLength: 1 }), prInfo: Type.Array(Type.String(), { maxItems: 255 }) },
  { additionalProperties: true },
);
export type DecoratedProduct = Static<typeof DecoratedProductSchema>;

export interface CodeScriptContract {
  entry: 'parse' | 'decorate' | 'authenticate';
  /** The entry function's parameter names, as the editor's template writes them. */
  params: readonly string[];
  scope: CodeScriptScope;
  useTypes?: readonly number[];
  /** What the script must answer; anything else is the script's error (SCRIPT_OUTPUT). */
  output: TSchema;
  /** The test pane's sample arguments, and the template a new script starts from. */
  sampleInput: readonly unknown[];
  template: string;
}

const CSV_SAMPLE = 'prCode,name,price\n4901234567894,Green tea 500ml,128\n4901234567895,Rice crackers,248\n';
const PRODUCT_CSV_SAMPLE =
  'storeCode,prCode,name,price\nTKY001,4901234567894,Green tea 500ml,128\nTKY001,4901234567895,Rice crackers,248\n';

export const CODE_SCRIPT_CONTRACTS: Record<CodeScriptKind, CodeScriptContract> = {
  // authenticate({email, password}) → {ok, message?}
  thirdPartyAuth: {
    entry: 'authenticate',
    params: ['credentials'],
    scope: 'system',
    useTypes: [AUTH_USE_TYPE.OFF, AUTH_USE_TYPE.SCRIPT_THEN_LOCAL, AUTH_USE_TYPE.SCRIPT_ONLY],
    output: Type.Object({ ok: Type.Boolean(), message: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: true }),
    sampleInput: [{ email: 'someone@example.com', password: 'secret' }],
    template:
      '// Called at login. Answer {ok: true} to accept the password, {ok: false, message} to refuse it.\n' +
      'function authenticate(credentials) {\n  return { ok: credentials.email.endsWith("@example.com") && credentials.password.length >= 8 };\n}\n',
  },
  // parse(text, {storeCode, fileName}) → rows: each row {prCode, prInfo: string[]} (prInfo[i] is alias index i)
  paperParser: {
    entry: 'parse',
    params: ['text', 'context'],
    scope: 'store',
    output: Type.Array(
      Type.Object(
        { prCode: Type.String({ minLength: 1 }), prInfo: Type.Array(Type.String(), { maxItems: 255 }) },
        { additionalProperties: Row },
      ),
    ),
    sampleInput: [CSV_SAMPLE, { storeCode: 'STORE01', fileName: 'paper.csv' }],
    template:
      '// Turns an uploaded paper file into rows of {prCode, prInfo: [..]}.\n' +
      'function parse(text, context) {\n  const lines = text.split(/\\r?\\n/).filter(Boolean).slice(1);\n' +
      '  return lines.map((line) => {\n    const cells = line.split(",");\n    return { prCode: cells[0], prInfo: cells.slice(1) };\n  });\n}\n',
  },
  // parse(text, {companyCode, storeCode?, fileName, line, aliasNames}) → rows: each row {prCode, storeCode?, type?,
  // layoutId?, nfc?, prInfo?: string[], line?}. An upload streams: text is one batch of the file's records (as CSV
  // lines, `line` the file line of the first), so a script sees the header only in the first batch.
  productFileParser: {
    entry: 'parse',
    params: ['text', 'context'],
    scope: 'storeOrCompany',
    output: Type.Array(Type.Object({ prCode: Type.String({ minLength: 1 }) }, { additionalProperties: Row })),
    sampleInput: [PRODUCT_CSV_SAMPLE, { companyCode: 'ACME', fileName: 'products.csv', line: 1, aliasNames: ['NAME', 'PRICE'] }],
    template:
      '// Turns an uploaded product file into rows of {storeCode, prCode, prInfo: [..]}.\n' +
      'function parse(text, context) {\n  const lines = text.split(/\\r?\\n/).filter((line) => line && !line.startsWith("storeCode,"));\n' +
      '  return lines.map((line) => {\n    const cells = line.split(",");\n    return { storeCode: cells[0], prCode: cells[1], prInfo: cells.slice(2) };\n  });\n}\n',
  },
  // decorate(product) → product, before the tag image is rendered
  tagDataDecorator: {
    entry: 'decorate',
    params: ['product'],
    scope: 'system',
    useTypes: [DECORATOR_USE_TYPE.OFF, DECORATOR_USE_TYPE.ON],
    output: DecoratedProductSchema,
    sampleInput: [{ prCode: '4901234567894', prInfo: ['Green tea 500ml', '128'] }],
    template: "// Changes a product's data before its tag image is drawn.\nfunction decorate(product) {\n  return product;\n}\n",
  },
  // decorate(product) → product, before a Plus device's content is made
  plusDataDecorator: {
    entry: 'decorate',
    params: ['product'],
    scope: 'system',
    useTypes: [DECORATOR_USE_TYPE.OFF, DECORATOR_USE_TYPE.ON],
    output: DecoratedProductSchema,
    sampleInput: [{ prCode: '4901234567894', prInfo: ['Green tea 500ml', '128'] }],
    template: "// Changes a product's data before a Plus device shows it.\nfunction decorate(product) {\n  return product;\n}\n",
  },
};

/** The test pane: the script as written (saved or not) and sample arguments; run exactly as production runs it. */
export const CodeScriptTestBodySchema = Body({
  kind: Type.Union([
    Type.Literal('thirdPartyAuth'),
    Type.Literal('paperParser'),
    Type.Literal('productFileParser'),
    Type.Literal('tagDataDecorator'),
    Type.Literal('plusDataDecorator'),
  ]),
  code: SourceCode,
  /** The entry function's arguments. */
  input: Type.Array(Anything, { maxItems: 4 }),
});
export type CodeScriptTestBody = Static<typeof CodeScriptTestBodySchema>;

export const ScriptFailureSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.Integer()),
});
export type ScriptFailure = Static<typeof ScriptFailureSchema>;

export const CodeScriptTestAnswerSchema = Type.Object({
  ok: Type.Boolean(),
  output: Type.Optional(Anything),
  error: Type.Optional(ScriptFailureSchema),
  /** What the script wrote with console.log (at most 100 lines). */
  logs: Type.Array(Type.String()),
  /** Time the script ran, in milliseconds. */
  ms: Type.Number(),
});
export type CodeScriptTestAnswer = Static<typeof CodeScriptTestAnswerSchema>;
