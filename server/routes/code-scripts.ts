import type { FastifyInstance, FastifyReply } from 'fastify';
import { CODE_SCRIPT_CONTRACTS, type CodeScriptKind, type ScriptFailure } from '../../contract/schemas/code-scripts';
import type { CodeConfigBody } from '../../contract/schemas/settings';
import { settingsEndpoints as ep } from '../../contract/endpoints/settings';
import type { AppDeps } from '../deps';
import { ApiError, badRequest } from '../lib/errors';
import { assertMayTouch } from '../lib/ownership';
import type { SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import type { SandboxFailure } from '../lib/sandbox/pool';
import { checkScriptSyntax, runScript } from '../lib/sandbox/run-script';
import { findScript, saveScript, type ScriptScope } from '../repos/code-scripts';
import { findCompany } from '../repos/companies';

/**
 * The code editors' calls (console-admin §7): get and save per kind and scope, and the test pane's run. Scopes: the
 * paper parser per store (the auth hook checks the store), the product file parser per store or company, the
 * others system-wide (their saves are role -1's: owner 'system' on the declarations).
 */
/** A member's calls take their company's turn in the sandbox; a member of several, the first's (super admins: 'system'). */
const tenantOf = (user: SessionUser) => [...user.companies].sort()[0] ?? 'system';

/**
 * The sandbox had no worker for the call within its time limit (or its queue is full): that is the server's load,
 * not the script's fault, so it is a 503 with a time to retry rather than an answer about the script.
 */
function refuseWhenBusy(failure: ScriptFailure & Pick<SandboxFailure, 'retryAfterS'>, reply: FastifyReply): void {
  if (failure.code !== 'SANDBOX_BUSY') return;
  reply.header('retry-after', String(failure.retryAfterS ?? 1));
  throw new ApiError(503, failure.code, failure.message);
}

export function codeScriptRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  const read = async (kind: CodeScriptKind, scope: ScriptScope = {}) => {
    const row = await findScript(db, kind, scope);
    return { code: row?.code ?? '', useType: row?.useType ?? 0 };
  };

  const save = async (kind: CodeScriptKind, scope: ScriptScope, body: CodeConfigBody, user: SessionUser, reply: FastifyReply) => {
    const useTypes = CODE_SCRIPT_CONTRACTS[kind].useTypes;
    const useType = body.useType ?? 0;
    if (useTypes ? !useTypes.includes(useType) : useType !== 0) {
      throw badRequest(`useType must be one of ${(useTypes ?? [0]).join(', ')}.`, 'INVALID_USE_TYPE');
    }
    // An empty script is "none" (the built-in behaviour); anything else must at least compile.
    if (body.code.trim()) {
      const failure = await checkScriptSyntax(body.code, { tenant: tenantOf(user) });
      if (failure) {
        refuseWhenBusy(failure, reply);
        throw new ApiError(400, failure.code, failure.message);
      }
    }
    await saveScript(db, kind, scope, { code: body.code, useType });
    return { success: true };
  };

  /** The product file parser's scope: the store (checked by the auth hook) or a company the member belongs to. */
  const productScope = async (
    query: { storeCode?: string; companyCode?: string },
    user: SessionUser,
    need: 'read' | 'write',
  ): Promise<ScriptScope> => {
    if (query.storeCode) return { storeCode: query.storeCode };
    const companyCode = query.companyCode!;
    if (!(await findCompany(db, companyCode))) throw badRequest(`Unknown company code: ${companyCode}`, 'UNKNOWN_COMPANY');
    assertMayTouch(user, { kind: 'company', companyCode }, need, `company ${companyCode}`);
    return { companyCode };
  };

  // spec: admin §7.22, admin §3.20 — third-party authentication, parsers and decorators get/save ({code, useType})
  route(app, deps, ep.thirdPartyAuthGet, () => read('thirdPartyAuth'));
  route(app, deps, ep.thirdPartyAuthSave, ({ body, user, reply }) => save('thirdPartyAuth', {}, body, user, reply));
  route(app, deps, ep.tagDataDecoratorGet, () => read('tagDataDecorator'));
  route(app, deps, ep.tagDataDecoratorSave, ({ body, user, reply }) => save('tagDataDecorator', {}, body, user, reply));
  route(app, deps, ep.plusDataDecoratorGet, () => read('plusDataDecorator'));
  route(app, deps, ep.plusDataDecoratorSave, ({ body, user, reply }) => save('plusDataDecorator', {}, body, user, reply));
  route(app, deps, ep.paperParserGet, ({ params }) => read('paperParser', { storeCode: params.storeCode }));
  route(app, deps, ep.paperParserSave, ({ params, body, user, reply }) =>
    save('paperParser', { storeCode: params.storeCode }, body, user, reply),
  );
  route(app, deps, ep.productFileParserGet, async ({ query, user }) => read('productFileParser', await productScope(query, user, 'read')));
  route(app, deps, ep.productFileParserSave, async ({ query, user, body, reply }) =>
    save('productFileParser', await productScope(query, user, 'write'), body, user, reply),
  );

  // The script's own failures (its error, a limit it ran into, an answer too large or outside its contract) are the
  // test pane's answer ({ok: false, error} with the line to mark); only a busy sandbox is refused.
  route(app, deps, ep.codeScriptTest, async ({ body, user, reply }) => {
    const result = await runScript(body.kind, body.code, body.input, { tenant: tenantOf(user) });
    if (!result.ok) refuseWhenBusy(result.error, reply);
    return result.ok
      ? { ok: true, output: result.output, logs: result.logs, ms: result.ms }
      : { ok: false, error: result.error, logs: result.logs, ms: result.ms };
  });
}
