import { Value } from 'typebox/value';
import { CODE_SCRIPT_CONTRACTS, type CodeScriptKind, type ScriptFailure } from '../../../src/api/contract/code-scripts';
import { sandboxPool, type SandboxLimits } from './pool';

const MB = 1024 * 1024;
/**
 * Limits per kind (ours). A parser reads a whole upload (100,000 rows ≈ a few MB of text and many objects), a
 * decorator runs once per label and the authentication once per login, so those must be quick and small.
 */
export const SCRIPT_LIMITS: Record<CodeScriptKind, SandboxLimits> = {
  productFileParser: { timeMs: 60_000, memoryBytes: 512 * MB, stackBytes: 1 * MB },
  paperParser: { timeMs: 60_000, memoryBytes: 512 * MB, stackBytes: 1 * MB },
  tagDataDecorator: { timeMs: 1_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024 },
  plusDataDecorator: { timeMs: 1_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024 },
  thirdPartyAuth: { timeMs: 2_000, memoryBytes: 32 * MB, stackBytes: 512 * 1024 },
};
/** The syntax check only compiles; a compile that takes longer than this is itself a problem. */
const COMPILE_LIMITS: SandboxLimits = { timeMs: 2_000, memoryBytes: 64 * MB, stackBytes: 1 * MB };

export type ScriptResult<T = unknown> = { ok: true; output: T; logs: string[]; ms: number } | { ok: false; error: ScriptFailure; logs: string[]; ms: number };

/**
 * Runs a script of a kind with its arguments, as production and the test pane both do: in the sandbox, within the
 * kind's limits, and checks the answer against the kind's contract (src/api/contract/code-scripts.ts).
 */
export async function runScript<T = unknown>(kind: CodeScriptKind, code: string, args: readonly unknown[]): Promise<ScriptResult<T>> {
  const contract = CODE_SCRIPT_CONTRACTS[kind];
  const answer = await sandboxPool.run({ code, entry: contract.entry, inputJson: JSON.stringify(args), limits: SCRIPT_LIMITS[kind] });
  if (!answer.ok) return answer;
  const output: unknown = JSON.parse(answer.outputJson ?? 'null');
  if (!Value.Check(contract.output, output)) {
    const first = Value.Errors(contract.output, output)[0];
    const where = first ? ` (${first.instancePath || 'the answer'} ${first.message})` : '';
    return { ok: false, error: { code: 'SCRIPT_OUTPUT', message: `${contract.entry} answered something other than its contract asks${where}.` }, logs: answer.logs, ms: answer.ms };
  }
  return { ok: true, output: output as T, logs: answer.logs, ms: answer.ms };
}

/** The syntax check on save: undefined when the script compiles, else the error with its line and column. */
export async function checkScriptSyntax(code: string): Promise<ScriptFailure | undefined> {
  const answer = await sandboxPool.run({ code, entry: '', inputJson: '[]', limits: COMPILE_LIMITS, compileOnly: true });
  return answer.ok ? undefined : answer.error;
}

/**
 * Runs one script over many argument lists in one sandbox call (the per-call overhead is paid once), within the
 * kind's limits for the whole batch; each answer is checked against the contract.
 */
export async function runScriptBatch<T = unknown>(kind: CodeScriptKind, code: string, argLists: readonly (readonly unknown[])[]): Promise<ScriptResult<T[]>> {
  const contract = CODE_SCRIPT_CONTRACTS[kind];
  const answer = await sandboxPool.run({ code, entry: contract.entry, inputJson: JSON.stringify(argLists), limits: SCRIPT_LIMITS[kind], batch: true });
  if (!answer.ok) return answer;
  const output = JSON.parse(answer.outputJson ?? '[]') as unknown[];
  const bad = output.findIndex((o) => !Value.Check(contract.output, o));
  if (bad >= 0) {
    return { ok: false, error: { code: 'SCRIPT_OUTPUT', message: `${contract.entry} answered something other than its contract asks (item ${bad + 1}).` }, logs: answer.logs, ms: answer.ms };
  }
  return { ok: true, output: output as T[], logs: answer.logs, ms: answer.ms };
}
