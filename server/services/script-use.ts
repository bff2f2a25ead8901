import { AUTH_USE_TYPE } from '../../contract/schemas/code-scripts';
import type { Db } from '../db/client';
import { raiseSystemAlarm } from '../repos/alarms';
import { findScript } from '../repos/code-scripts';
import { runScript } from '../lib/sandbox/run-script';

/*
 * Where production uses the saved scripts (README "User scripts"): the third-party authentication at login, the
 * parsers on upload (the decorators, which the product update runs inside its transaction, are
 * repos/decorated-products.ts). A failing script never breaks the caller's work:
 * it raises the spec's system alarm ("exceptions in product file parser, third-party auth, tag data decorator",
 * console-core §5) and the caller goes on as if no script were there — except a parser, whose error marks the
 * upload (the caller shows it).
 */

export type ThirdPartyVerdict = 'off' | 'accepted' | 'refused';

/**
 * The third-party authentication at login (console-admin §3 useType): 'off' when useType is 0 (or no script),
 * else what the script answered. An error of the script is a refusal, with the alarm raised.
 */
export async function thirdPartyVerdict(db: Db, email: string, password: string): Promise<{ verdict: ThirdPartyVerdict; only: boolean }> {
  const script = await findScript(db, 'thirdPartyAuth');
  if (!script || script.useType === AUTH_USE_TYPE.OFF || !script.code.trim()) return { verdict: 'off', only: false };
  const only = script.useType === AUTH_USE_TYPE.SCRIPT_ONLY;
  // Logins share one turn in the sandbox: before the password is checked there is no company to count them against.
  const result = await runScript<{ ok: boolean }>('thirdPartyAuth', script.code, [{ email, password }], { tenant: 'login' });
  if (result.ok) return { verdict: result.output.ok ? 'accepted' : 'refused', only };
  await raiseSystemAlarm(db, { type: 'THIRD_PARTY_AUTH_EXCEPTION', location: 'SYSTEM', data: { email, message: result.error.message } });
  return { verdict: 'refused', only };
}

/** The product file parser that applies to a store: its own, else its company's; undefined when neither is saved. */
export async function savedProductFileParser(
  db: Db,
  storeCode: string | undefined,
  companyCode: string | undefined,
): Promise<string | undefined> {
  const own = storeCode ? await findScript(db, 'productFileParser', { storeCode }) : undefined;
  if (own?.code.trim()) return own.code;
  const company = companyCode ? await findScript(db, 'productFileParser', { companyCode }) : undefined;
  return company?.code.trim() ? company.code : undefined;
}

/** The paper parser of a store; undefined when none is saved. */
export async function savedPaperParser(db: Db, storeCode: string): Promise<string | undefined> {
  const own = await findScript(db, 'paperParser', { storeCode });
  return own?.code.trim() ? own.code : undefined;
}

export type ParsedRows = { ok: true; rows: Record<string, unknown>[] } | { ok: false; message: string };

/**
 * Runs a saved parser over an uploaded file's text. A failure answers the message the upload's rows are marked
 * with, and (product files) raises PRODUCT_FILE_PARSER_EXCEPTION for the store.
 */
export async function parseWithScript(
  db: Db,
  kind: 'productFileParser' | 'paperParser',
  code: string,
  text: string,
  context: { storeCode?: string; companyCode?: string; fileName: string; line?: number; aliasNames?: string[] },
  opts: { alarm?: boolean; tenant?: string } = {},
): Promise<ParsedRows> {
  const result = await runScript<Record<string, unknown>[]>(kind, code, [text, context], { tenant: opts.tenant ?? context.companyCode });
  if (result.ok) return { ok: true, rows: result.output };
  if (kind === 'productFileParser' && opts.alarm !== false) {
    await raiseSystemAlarm(db, {
      type: 'PRODUCT_FILE_PARSER_EXCEPTION',
      location: context.storeCode ?? 'SYSTEM',
      companyCode: context.companyCode,
      data: { file: context.fileName, message: result.error.message, ...(result.error.line ? { line: result.error.line } : {}) },
    });
  }
  return { ok: false, message: `Parser error: ${result.error.message}` };
}
