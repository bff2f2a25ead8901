import type { Static, TSchema } from 'typebox';

/**
 * Who may call an endpoint. The server's privilege hook enforces it; the UI only reads it to hide controls.
 *
 * Ownership (docs/architecture.md §3, server/lib/ownership.ts) — read this when adding a call:
 * - A call that names its store (`storeCode` or `store` in path, query, body or multipart fields) is checked
 *   against the member's stores by the hook; nothing more to declare.
 * - `owner: 'system'` marks what belongs to no company (servers, system settings, software packages): with
 *   need 'write' only role -1 may call it, whatever the member's privileges; reads follow the section privilege.
 * - A call that names a thing by its own id (gwMac, tagMac, sensor, device, task or server id) without a store:
 *   the handler resolves the thing's owner and calls `assertMayTouch` from server/lib/ownership.ts.
 */
export type Access =
  | 'public' // no session (login, signup, forget password, session check, collecting store)
  | 'session' // any signed-in member
  | { section: PrivilegeSection; need: 'read' | 'write'; superOnly?: boolean; privilegedOnly?: boolean; owner?: 'system' };

/** Privilege keys: the union of console-core §6, console-admin §6 and plus (NOTES.md 11). */
// spec: core §6.2 — permission sections
export const PRIVILEGE_SECTIONS = [
  'dashboard',
  'server',
  'store',
  'tag',
  'sensor',
  'product',
  'paper',
  'task',
  'alias',
  'alarm',
  'member',
  'role',
  'layout_designer',
  'plus',
  'setting',
  'server_config',
  'store_config',
  'company_config',
  'layout_config',
] as const;
export type PrivilegeSection = (typeof PRIVILEGE_SECTIONS)[number];

/**
 * Change history categories (console-admin §2, server/plugins/change-history.ts): a write is recorded under its
 * privilege section; 'account' is a member's own account (session calls).
 */
export const CHANGE_CATEGORIES = [...PRIVILEGE_SECTIONS, 'account'] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under apiBase, Fastify style: `/status/store/:storeCode`. */
  path: string;
  access: Access;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  response?: TSchema;
  /** Accepts an Idempotency-Key header: the first answer is stored and replayed (docs/architecture.md §3). */
  idempotent?: boolean;
  /** multipart/form-data upload instead of a JSON body. */
  multipart?: boolean;
  /** Most files one multipart form may carry (plugins/multipart-form.ts); 4 when unset. */
  maxFiles?: number;
  /** A multipart upload too large to hold in memory: the handler reads its file part as a stream (plugins/multipart-form.ts leaves it). */
  streamed?: boolean;
  /** Answer is a file, not JSON. */
  file?: boolean;
  /** The body's storeCode names the store this call creates: the auth hook's store check leaves it to the handler. */
  createsStore?: boolean;
  /** A public call that shows a caller with a session more (its own stores): the client sends the session if it has one. */
  sessionOptional?: boolean;
  /**
   * Change history. Unset: a POST/PUT/DELETE whose access needs 'write' is recorded under its section, every other
   * call is not. false: a write-privileged call that changes nothing (a test mail, a firmware parse). A category:
   * record this call (a session call that changes the member's own account) under it.
   */
  changes?: false | ChangeCategory;
}

export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type StaticOr<S, D> = S extends TSchema ? Static<S> : D;
export type ParamsOf<E extends EndpointDef> = StaticOr<E['params'], undefined>;
export type QueryOf<E extends EndpointDef> = StaticOr<E['query'], undefined>;
export type BodyOf<E extends EndpointDef> = StaticOr<E['body'], undefined>;
export type ResponseOf<E extends EndpointDef> = StaticOr<E['response'], unknown>;

/** Fill `:name` segments of a path from a params object, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
