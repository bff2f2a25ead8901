import { fillPath, type BodyOf, type EndpointDef, type ParamsOf, type QueryOf, type ResponseOf } from '../../contract/endpoints/define';

/** A failed call, normalised to the spec's rule: the server's message, else `statusText (status)`. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string | number,
    /** True when the server was not reached at all (offline, DNS, refused): the outbox retries these. */
    readonly network = false,
    /** False when the answer carried no message and `message` is the status text (console-admin §8). */
    readonly fromServer = false,
  ) {
    super(message);
  }
}

export interface Credentials {
  accessToken: string;
  email: string;
}

export interface ClientOptions {
  /** A function when the base is only known at run time (config.json). */
  baseUrl: string | (() => string);
  credentials?: () => Credentials | undefined;
  /** Told of every 401 of a call that sent credentials: the session is gone on the server. */
  onUnauthorized?: () => void;
  /** A 403 with credentials: the member's privileges may have changed since they were read. */
  onForbidden?: () => void;
  fetch?: typeof fetch;
}

type Args<E extends EndpointDef> = (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: unknown } : { body: BodyOf<E> }) & {
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Build the URL of an endpoint (also used for file links such as downloads and images). */
export function endpointUrl(baseUrl: string, def: EndpointDef, params?: unknown, query?: unknown): string {
  return `${baseUrl.replace(/\/$/, '')}${fillPath(def.path, params as Record<string, string>)}${queryString(query as Record<string, unknown>)}`;
}

export function createClient(opts: ClientOptions) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const base = () => (typeof opts.baseUrl === 'function' ? opts.baseUrl() : opts.baseUrl);

  async function send(
    def: EndpointDef,
    args: { params?: unknown; query?: unknown; body?: unknown; idempotencyKey?: string; signal?: AbortSignal },
  ) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // spec: core §6.4 — the session as two headers, Access-Token and Access-Email; public calls without them
    const creds = def.access === 'public' && !def.sessionOptional ? undefined : opts.credentials?.();
    if (creds) {
      headers['Access-Token'] = creds.accessToken;
      headers['Access-Email'] = creds.email;
    }
    if (args.idempotencyKey) headers['Idempotency-Key'] = args.idempotencyKey;
    let body: BodyInit | undefined;
    if (args.body instanceof FormData) body = args.body;
    else if (args.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(args.body);
    }
    let res: Response;
    try {
      res = await doFetch(endpointUrl(base(), def, args.params, args.query), { method: def.method, headers, body, signal: args.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiFailure((err as Error).message || 'Network error', 0, undefined, true);
    }
    if (!res.ok) {
      if (res.status === 401 && creds) opts.onUnauthorized?.();
      if (res.status === 403 && creds) opts.onForbidden?.();
      // spec: core §8.22 — a missing message reads as status text with status code
      const data = (await res.json().catch(() => undefined)) as { code?: string | number; message?: string } | undefined;
      // spec: admin §8.2 — without a message: status text plus status code
      throw new ApiFailure(
        data?.message || `${res.statusText || 'Error'} (${res.status})`,
        res.status,
        data?.code,
        false,
        Boolean(data?.message),
      );
    }
    return res;
  }

  return {
    /** The URL of an endpoint, for links the browser opens itself (downloads, images). */
    url: (def: EndpointDef, params?: unknown, query?: unknown) => endpointUrl(base(), def, params, query),
    /** Call an endpoint and read its JSON answer. */
    async call<E extends EndpointDef>(def: E, args: Args<E>): Promise<ResponseOf<E>> {
      const res = await send(def, args);
      if (res.status === 204) return undefined as ResponseOf<E>;
      return (await res.json()) as ResponseOf<E>;
    },
    /**
     * Send a multipart endpoint's form through XMLHttpRequest: unlike fetch it reports upload progress (bytes sent
     * of the body), which a large product file needs. Same headers and failure rule as call().
     */
    upload<E extends EndpointDef>(
      def: E,
      args: Args<E> & { body: FormData; onProgress?: (sent: number, total: number) => void },
    ): Promise<ResponseOf<E>> {
      const creds = opts.credentials?.();
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(def.method, endpointUrl(base(), def, args.params, args.query));
        xhr.setRequestHeader('Accept', 'application/json');
        if (creds) {
          xhr.setRequestHeader('Access-Token', creds.accessToken);
          xhr.setRequestHeader('Access-Email', creds.email);
        }
        xhr.upload.onprogress = (e) => args.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
        xhr.onerror = () => reject(new ApiFailure('Network error', 0, undefined, true));
        xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
        xhr.onload = () => {
          let data: { code?: string | number; message?: string } | undefined;
          try {
            data = JSON.parse(xhr.responseText) as typeof data;
          } catch {
            data = undefined;
          }
          if (xhr.status >= 200 && xhr.status < 300) return resolve(data as ResponseOf<E>);
          if (xhr.status === 401 && creds) opts.onUnauthorized?.();
          if (xhr.status === 403 && creds) opts.onForbidden?.();
          reject(
            new ApiFailure(
              data?.message || `${xhr.statusText || 'Error'} (${xhr.status})`,
              xhr.status,
              data?.code,
              false,
              Boolean(data?.message),
            ),
          );
        };
        args.signal?.addEventListener('abort', () => xhr.abort());
        xhr.send(args.body);
      });
    },
    /** Call an endpoint whose answer is a file. */
    async blob<E extends EndpointDef>(def: E, args: Args<E>): Promise<Blob> {
      return (await send(def, args)).blob();
    },
    /** A file with the time the server says it was made (its Last-Modified), when it says one. */
    async file<E extends EndpointDef>(def: E, args: Args<E>): Promise<{ blob: Blob; lastModified?: Date }> {
      const res = await send(def, args);
      const header = res.headers.get('last-modified');
      const at = header ? new Date(header) : undefined;
      return { blob: await res.blob(), lastModified: at && !Number.isNaN(at.getTime()) ? at : undefined };
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
