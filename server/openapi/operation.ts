import type { TSchema } from 'typebox';
import type { Access, EndpointDef } from '../../contract/endpoints/define';

/** OpenAPI pieces are plain JSON; the TypeBox schemas of the contract are JSON Schema 2020-12 already (OAS 3.1). */
type Json = Record<string, unknown>;

/** Fastify's `/tag/:mac/store/:storeCode` as OpenAPI's `/tag/{mac}/store/{storeCode}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

export const pathParamNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);

/** The two session headers, as one requirement: both must be sent together. */
export const SESSION_REQUIREMENT = { accessToken: [], accessEmail: [] };

function security(access: Access, sessionOptional?: boolean): Json[] {
  if (access !== 'public') return [SESSION_REQUIREMENT];
  // A public call that shows a member more (its own stores) takes the session when one is sent.
  return sessionOptional ? [{}, SESSION_REQUIREMENT] : [];
}

/** Who may call it, in words for the reader; the machine-readable rule goes in x-shelfpad-access. */
function accessText(access: Access): string {
  if (access === 'public') return 'Public: no session needed.';
  if (access === 'session') return 'Any signed-in member.';
  const who = access.superOnly
    ? ' Super administrator (role -1) only.'
    : access.privilegedOnly
      ? ' Administrators (role -1 or 0) only.'
      : '';
  const system = access.owner === 'system' && access.need === 'write' ? ' Belongs to the system: only role -1 may write it.' : '';
  return `Needs the \`${access.section}\` privilege (${access.need}).${who}${system}`;
}

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: TSchema | undefined, where: 'path' | 'query', names: string[] = []): Json[] {
  const props = ((schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;
  const required = new Set(((schema as Json | undefined)?.required ?? []) as string[]);
  const params = Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
  // A path segment the params schema leaves out is still a (string) parameter of the path.
  for (const name of names) if (!props[name]) params.push({ name, in: where, required: true, schema: { type: 'string' } });
  return params;
}

function requestBody(def: EndpointDef): Json | undefined {
  if (def.multipart) {
    const fields = (def.body ?? { type: 'object', properties: {} }) as Json;
    const files = def.maxFiles ?? 4;
    return {
      required: true,
      description: `A multipart/form-data form: the fields below as form fields, and up to ${files} file part${files === 1 ? '' : 's'}.`,
      content: { 'multipart/form-data': { schema: { ...fields, additionalProperties: true } } },
    };
  }
  if (!def.body) return undefined;
  return { required: true, content: { 'application/json': { schema: def.body } } };
}

function okAnswer(def: EndpointDef): Json {
  if (def.file)
    return {
      description: 'The file.',
      content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
  return { description: 'Success.', content: { 'application/json': { schema: def.response ?? {} } } };
}

function errorAnswers(def: EndpointDef): Json {
  const refs: Json = { 400: { $ref: '#/components/responses/BadRequest' } };
  if (def.access !== 'public') {
    refs[401] = { $ref: '#/components/responses/Unauthorized' };
    refs[403] = { $ref: '#/components/responses/Forbidden' };
  }
  if (def.idempotent) refs[409] = { $ref: '#/components/responses/Conflict' };
  return refs;
}

/** One call of the contract as an OpenAPI operation; `name` is its name in contract/endpoints. */
export function operationOf(name: string, def: EndpointDef): Json {
  const parameters = [
    ...parametersOf(def.params, 'path', pathParamNames(def.path)),
    ...parametersOf(def.query, 'query'),
    ...(def.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const body = requestBody(def);
  return {
    operationId: name,
    tags: [tagOf(def.path)],
    summary: name,
    description: accessText(def.access),
    security: security(def.access, def.sessionOptional),
    'x-shelfpad-access': def.access,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { 200: okAnswer(def), ...errorAnswers(def) },
  };
}

/** Operations are grouped by the first segment of their path (`/tag/...` → tag). */
export function tagOf(path: string): string {
  return path.split('/')[1] || 'root';
}
