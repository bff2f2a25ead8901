import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/endpoints/index';
import type { EndpointDef } from '../../contract/endpoints/define';
import type { AppDeps } from '../deps';
import { changeRuleOf, redact } from '../lib/change-record';
import { isCategoryRecorded, recordChange, SYSTEM_OWNER } from '../repos/changes';
import { storeCompanies } from '../repos/stores';
import { storeCodesOf } from './auth';

/** The route config carries the declaration itself, so its name (and so its verb) is found by identity. */
const NAMES = new Map<EndpointDef, string>(Object.entries(endpoints).map(([name, def]) => [def as EndpointDef, name]));

function companyNamed(req: FastifyRequest): string | undefined {
  for (const part of [req.params, req.query, req.body, req.multipartForm?.fields] as Record<string, unknown>[]) {
    if (part && typeof part === 'object' && typeof part.companyCode === 'string' && part.companyCode) return part.companyCode;
  }
  return undefined;
}

/** Params, query and body (or the form's fields and its files' names and sizes, never their bytes), redacted. */
function itemsOf(req: FastifyRequest): unknown[] {
  const form = req.multipartForm;
  const input = {
    ...(req.params as object),
    ...(req.query as object),
    ...(form ? form.fields : typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : { body: req.body }),
    ...(form?.files.length ? { files: form.files.map((f) => ({ name: f.filename, bytes: f.size })) } : {}),
  };
  return [redact(input)];
}

/** Whose change it is: the company and store the call names, else the system's for system-owned calls. */
async function ownerOf(req: FastifyRequest, deps: AppDeps, def: EndpointDef): Promise<{ company: string | null; store: string }> {
  const [storeCode] = storeCodesOf(req);
  const named = companyNamed(req);
  if (storeCode) {
    const company = named ?? (await storeCompanies(deps.db, [storeCode])).get(storeCode) ?? null;
    return { company, store: storeCode };
  }
  if (named) return { company: named, store: SYSTEM_OWNER };
  if (typeof def.access === 'object' && def.access.owner === 'system') return { company: SYSTEM_OWNER, store: SYSTEM_OWNER };
  // A call that names a thing by its own id: the member's company when it has one; otherwise only role -1 sees it.
  const companies = req.user?.companies ?? [];
  return { company: companies.length === 1 ? companies[0] : null, store: SYSTEM_OWNER };
}

/**
 * The change history (console-admin §2 "Alarms, changes"; docs/architecture.md §3 "every write is recorded"): one hook after
 * every successful write the contract declares as one (lib/change-record.ts), before the answer leaves — so a
 * client that sees success finds its row. A refused or failed call changed nothing and is not recorded; an
 * Idempotency-Key replay was recorded the first time.
 */
export function changeHistory(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    if (!def || reply.statusCode < 200 || reply.statusCode >= 300 || reply.getHeader('idempotent-replayed')) return payload;
    const rule = changeRuleOf(def, NAMES.get(def) ?? '');
    if (!rule) return payload;
    try {
      if (!(await isCategoryRecorded(deps.db, rule.category))) return payload;
      const body = req.body as { email?: unknown } | undefined;
      const email = req.user?.email ?? (typeof body?.email === 'string' ? body.email.toLowerCase() : '');
      const path = req.url.split('?')[0].slice(deps.config.apiBase.length) || '/';
      await recordChange(deps.db, { ...(await ownerOf(req, deps, def)), ...rule, method: req.method, path, items: itemsOf(req), email });
    } catch (error) {
      // The write itself succeeded: a history row that could not be written must not turn it into a 500.
      req.log.error({ err: error }, 'change history not recorded');
    }
    return payload;
  });
}
