import { Value } from 'typebox/value';
import { CODE_SCRIPT_CONTRACTS, type CodeScriptKind, type ScriptFailure } from '../../../contract/schemas/code-scripts';
import { sandboxPool, type SandboxAnswer, type SandboxLimits } from './pool';

const MB = 1024 * 1024;
/**
 * Limits per kind (ours). A parser reads a whole upload (100,000 rows ≈ a few MB of text and many objects), a
 * decorator runs once per label and the authentication once per login, so those must be quick and small.
 * answerChars bounds the JSON an answer may take: the server's thread parses it, so it must stay small enough to
 * parse in a blink (a paper file of 2 MB parses to about 5 MB; a decorator batch answers about what it was given).
 */
export const SCRIPT_LIMITS: Record<CodeScriptKind, SandboxLimits> = {
  productFileParser: { timeMs: 60_000, memoryBytes: 512 * MB, stackBytes: 1 * MB, answerChars: 16 * MB },
  paperParser: { timeMs: 60_000, memoryBytes: 512 * MB, stackBytes: 1 * MB, answerChars: 16 * MB },
  tagDataDecorator: { timeMs: 1_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024, answerChars: 8 * MB },
  plusDataDecorator: { timeMs: 1_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024, answerChars: 8 * MB },
  thirdPartyAuth: { timeMs: 2_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024, answerChars: 64 * 1024 },
};
/** The syntax check only compiles; a compile that takes longer than this is itself a problem. */
const COMPILE_LIMITS: SandboxLimits = { timeMs: 2_000, memoryBytes: 64 * MB, stackBytes: 1 * MB };

/** A parser answers at most this many rows, whatever its input. */
export const PARSER_ROWS_MAX = 100_000;
/**
 * A parser's rows follow its input's records: at most two per line (a line may name a product for two stores, say)
 * plus this many for formats whose records are not lines.
 */
const PARSER_ROWS_SLACK = 1_000;

export type ScriptResult<T = unknown> =
  { ok: true; output: T; logs: string[]; ms: number } | { ok: false; error: ScriptFailure; logs: string[]; ms: number };

/** Where a call comes from: its company takes its turn in the sandbox (pool.ts). */
export interface ScriptCaller {
  tenant?: string;
}

function linesOf(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** The most rows a kind's answer may have for these arguments (parsers: from their text's lines). */
function answerRowsFor(kind: CodeScriptKind, args: readonly unknown[]): number | undefined {
  if (kind !== 'productFileParser' && kind !== 'paperParser') return undefined;
  const text = typeof args[0] === 'string' ? args[0] : '';
  return Math.min(PARSER_ROWS_MAX, 2 * linesOf(text) + PARSER_ROWS_SLACK);
}

/** The worker's JSON, parsed; it is the engine's own serialisation, so a failure here is the sandbox's, not the script's. */
function parsedAnswer(
  answer: SandboxAnswer & { ok: true },
): { ok: true; value: unknown } | { ok: false; error: ScriptFailure; logs: string[]; ms: number } {
  try {
    return { ok: true, value: JSON.parse(answer.outputJson ?? 'null') };
  } catch {
    return {
      ok: false,
      error: { code: 'SANDBOX_FAULT', message: 'The sandbox answered something that is not JSON.' },
      logs: answer.logs,
      ms: answer.ms,
    };
  }
}

const outsideContract = (entry: string, where: string, answer: { logs: string[]; ms: number }): ScriptResult<never> => ({
  ok: false,
  error: { code: 'SCRIPT_OUTPUT', message: `${entry} answered something other than its contract asks${where}.` },
  logs: answer.logs,
  ms: answer.ms,
});

/**
 * Runs a script of a kind with its arguments, as production and the test pane both do: in the sandbox, within the
 * kind's limits, and checks the answer against the kind's contract (contract/schemas/code-scripts.ts).
 */
export async function runScript<T = unknown>(
  kind: CodeScriptKind,
  code: string,
  args: readonly unknown[],
  caller: ScriptCaller = {},
): Promise<ScriptResult<T>> {
  const contract = CODE_SCRIPT_CONTRACTS[kind];
  const answer = await sandboxPool.run({
    code,
    entry: contract.entry,
    inputJson: JSON.stringify(args),
    limits: SCRIPT_LIMITS[kind],
    answerRows: answerRowsFor(kind, args),
    tenant: caller.tenant,
  });
  if (!answer.ok) return answer;
  const parsed = parsedAnswer(answer);
  if (!parsed.ok) return parsed;
  if (!Value.Check(contract.output, parsed.value)) {
    const first = Value.Errors(contract.output, parsed.value)[0];
    return outsideContract(contract.entry, first ? ` (${first.instancePath || 'the answer'} ${first.message})` : '', answer);
  }
  return { ok: true, output: parsed.value as T, logs: answer.logs, ms: answer.ms };
}

/** The syntax check on save: undefined when the script compiles, else the error with its line and column. */
export async function checkScriptSyntax(code: string, caller: ScriptCaller = {}): Promise<ScriptFailure | undefined> {
  const answer = await sandboxPool.run({
    code,
    entry: '',
    inputJson: '[]',
    limits: COMPILE_LIMITS,
    compileOnly: true,
    tenant: caller.tenant,
  });
  return answer.ok ? undefined : answer.error;
}

/**
 * Runs one script over many argument lists in one sandbox call (the per-call overhead is paid once), within the
 * kind's limits for the whole batch; the answer has one item per argument list, each checked against the contract.
 */
export async function runScriptBatch<T = unknown>(
  kind: CodeScriptKind,
  code: string,
  argLists: readonly (readonly unknown[])[],
  caller: ScriptCaller = {},
): Promise<ScriptResult<T[]>> {
  const contract = CODE_SCRIPT_CONTRACTS[kind];
  const answer = await sandboxPool.run({
    code,
    entry: contract.entry,
    inputJson: JSON.stringify(argLists),
    limits: SCRIPT_LIMITS[kind],
    batch: true,
    tenant: caller.tenant,
  });
  if (!answer.ok) return answer;
  const parsed = parsedAnswer(answer);
  if (!parsed.ok) return parsed;
  const output = parsed.value;
  if (!Array.isArray(output) || output.length !== argLists.length)
    return outsideContract(contract.entry, ' (one answer per product)', answer);
  const bad = output.findIndex((o) => !Value.Check(contract.output, o));
  if (bad >= 0) return outsideContract(contract.entry, ` (item ${bad + 1})`, answer);
  return { ok: true, output: output as T[], logs: answer.logs, ms: answer.ms };
}
