import { and, eq, isNull } from 'drizzle-orm';
import type { CodeScriptKind } from '../../contract/schemas/code-scripts';
import type { Db } from '../db/client';
import { codeScripts } from '../db/schema/index';

/** Where a script is kept: system-wide (neither), per company, or per store (code_scripts_scope_uq). */
export interface ScriptScope {
  companyCode?: string;
  storeCode?: string;
}

export interface StoredScript {
  code: string;
  useType: number;
}

const whereScope = (kind: CodeScriptKind, scope: ScriptScope) =>
  and(
    eq(codeScripts.kind, kind),
    scope.companyCode ? eq(codeScripts.companyCode, scope.companyCode) : isNull(codeScripts.companyCode),
    scope.storeCode ? eq(codeScripts.storeCode, scope.storeCode) : isNull(codeScripts.storeCode),
  );

/** The script kept exactly at this scope, if any. */
export async function findScript(db: Db, kind: CodeScriptKind, scope: ScriptScope = {}): Promise<StoredScript | undefined> {
  const [row] = await db
    .select({ code: codeScripts.code, useType: codeScripts.useType })
    .from(codeScripts)
    .where(whereScope(kind, scope))
    .limit(1);
  return row;
}

export async function saveScript(db: Db, kind: CodeScriptKind, scope: ScriptScope, value: StoredScript): Promise<void> {
  await db
    .insert(codeScripts)
    .values({ kind, companyCode: scope.companyCode ?? null, storeCode: scope.storeCode ?? null, ...value })
    .onConflictDoUpdate({
      target: [codeScripts.kind, codeScripts.companyCode, codeScripts.storeCode],
      set: { ...value, updatedAt: new Date() },
    });
}
