import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { InjectOptions } from 'fastify';
import type { EndpointDef } from '../../contract/endpoints/define';
import { endpointAreas } from '../../contract/endpoints/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { implementedCalls, loadFixtures, requestOf, sampleOf, type Call, type Fixtures, type Sample } from './endpoint-samples';

/*
 * Generated bad input (issue 11): every call the server implements gets, from its schema-valid sample request,
 * the classes of a careless or hostile client — wrong types, missing and extra properties, NUL characters, 1 MB
 * strings, huge, negative and fractional numbers, malformed JSON, a wrong content type, broken multipart bodies —
 * plus random JSON values from fast-check in place of each part. A request the schemas refuse must be a 4xx; a
 * NUL anywhere must be a 4xx (PostgreSQL text cannot hold one); nothing may be a 5xx. Sent as the super
 * administrator, so that every call gets past its privilege check to the input checks (and as no one for public
 * calls).
 */

let sut: TestServer;
let admin: AuthHeaders;
let fixtures: Fixtures;
let calls: Call[];
const tally = { sent: 0, fourHundreds: 0, fiveHundreds: [] as string[] };

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
  fixtures = await loadFixtures(sut.deps.db);
  // Logout would end the session the other requests use: it takes no input to get wrong anyway.
  calls = implementedCalls(sut.app).filter(([name]) => name !== 'authLogout');
}, 300_000);
afterAll(async () => {
  console.info(
    `[bad input] ${calls?.length} calls, ${tally.sent} bad requests sent: ${tally.fourHundreds} answered 4xx, 5xx = ${tally.fiveHundreds.length}`,
  );
  await sut?.close();
});

type Part = 'params' | 'query' | 'body';
/** One bad request: what was done to the sample, and whether the schemas (or the NUL rule) must refuse it. */
interface Bad {
  what: string;
  request: InjectOptions;
  mustRefuse: boolean;
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
const NUMBERS = [1e308, -1e308, -1, 2 ** 53 + 2, 1.5, 0];

/** Every leaf of a value with its path: [path, value]. */
function leaves(value: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [[path, value]];
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), leaf);
  return copy;
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  const copy = { ...(value as object) } as Record<string | number, unknown>;
  if (path.length === 1) delete copy[path[0]];
  else copy[path[0]] = removeAt(copy[path[0]], path.slice(1));
  return copy;
}

const schemaOf = (def: EndpointDef, part: Part): TSchema | undefined =>
  part === 'params' ? def.params : part === 'query' ? def.query : def.multipart ? undefined : def.body;

/** The request with one part replaced; whether the schemas must refuse it is decided by the schema itself. */
function variant(
  def: EndpointDef,
  sample: Sample,
  auth: Record<string, string>,
  part: Part,
  value: unknown,
  what: string,
  nul = false,
): Bad {
  const schema = schemaOf(def, part);
  // Path and query values arrive as text (requestOf sends String(value)): judged as the coercing validator sees
  // them; defaults fill what is missing, as the server's validator does (useDefaults).
  const text = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : v;
  const asSent = part === 'body' ? structuredClone(value) : Value.Convert(schema!, text(value));
  const refusedBySchema = !Value.Check(schema!, Value.Default(schema!, asSent));
  const request = requestOf(def, { ...sample, [part]: value }, auth);
  return { what: `${part}: ${what}`, request, mustRefuse: refusedBySchema || nul };
}

/** The deterministic classes of bad input for one call. */
function badRequests(def: EndpointDef, sample: Sample, auth: Record<string, string>): Bad[] {
  const out: Bad[] = [];
  for (const part of ['params', 'query', 'body'] as Part[]) {
    const schema = schemaOf(def, part);
    const value = sample[part];
    if (!schema || value === undefined) continue;
    const paths = leaves(value).slice(0, 8);
    if (part === 'body') {
      out.push(variant(def, sample, auth, part, { ...(value as object), notAField: 1 }, 'an extra property'));
      out.push(variant(def, sample, auth, part, [value], 'an array instead of the object'));
      out.push(variant(def, sample, auth, part, 'text', 'a string instead of the object'));
    }
    for (const [path, leaf] of paths) {
      if (!path.length) continue;
      const at = path.join('.');
      // A path without one of its segments is another URL (404), not a missing value.
      if (path.length === 1 && part !== 'params') out.push(variant(def, sample, auth, part, removeAt(value, path), `${at} missing`));
      if (typeof leaf === 'string') {
        out.push(variant(def, sample, auth, part, setAt(value, path, `${leaf}\u0000x`), `NUL in ${at}`, true));
        out.push(
          variant(
            def,
            sample,
            auth,
            part,
            setAt(value, path, part === 'body' ? MEGABYTE : MEGABYTE.slice(0, 4096)),
            `a long string in ${at}`,
          ),
        );
        if (part === 'body') out.push(variant(def, sample, auth, part, setAt(value, path, 12345), `a number in ${at}`));
        if (part === 'body') out.push(variant(def, sample, auth, part, setAt(value, path, { a: 1 }), `an object in ${at}`));
      } else if (typeof leaf === 'number') {
        for (const n of NUMBERS) out.push(variant(def, sample, auth, part, setAt(value, path, n), `${n} in ${at}`));
        out.push(variant(def, sample, auth, part, setAt(value, path, 'seven'), `a word in ${at}`));
      } else if (typeof leaf === 'boolean') {
        out.push(variant(def, sample, auth, part, setAt(value, path, 'yes'), `a word in ${at}`));
      }
    }
  }
  const url = requestOf(def, sample, auth);
  if (def.body && !def.multipart) {
    out.push({
      what: 'malformed JSON',
      request: { ...url, payload: '{"storeCode": "TKY001",', headers: { ...auth, 'content-type': 'application/json' } },
      mustRefuse: true,
    });
    out.push({
      what: 'a wrong content type',
      request: { ...url, payload: 'storeCode=TKY001', headers: { ...auth, 'content-type': 'text/plain' } },
      mustRefuse: true,
    });
    out.push({
      what: 'a multipart body for a JSON call',
      request: { ...url, payload: '--b\r\n\r\nx\r\n--b--\r\n', headers: { ...auth, 'content-type': 'multipart/form-data; boundary=b' } },
      mustRefuse: true,
    });
    out.push({ what: 'no body', request: { ...url, payload: undefined, headers: auth }, mustRefuse: !Value.Check(def.body, undefined) });
  }
  if (def.multipart) {
    const form = url.payload as Buffer;
    const multipart = (contentType: string, payload: Buffer | string) => ({
      ...url,
      payload,
      headers: { ...auth, 'content-type': contentType },
    });
    out.push({ what: 'multipart without a boundary', request: multipart('multipart/form-data', form), mustRefuse: true });
    out.push({
      what: 'multipart with a wrong boundary',
      request: multipart('multipart/form-data; boundary=not-the-one', form),
      mustRefuse: true,
    });
    out.push({
      what: 'a truncated multipart body',
      request: multipart(String((url.headers as Record<string, string>)['content-type']), form.subarray(0, Math.floor(form.length / 2))),
      mustRefuse: true,
    });
    out.push({ what: 'JSON for a multipart call', request: { ...url, payload: { storeCode: 'TKY001' }, headers: auth }, mustRefuse: true });
    out.push({
      what: 'a NUL in a form field',
      request: requestOf(def, { ...sample, form: { ...sample.form, storeCode: 'TKY\u0000001' } }, auth),
      mustRefuse: true,
    });
  }
  return out;
}

async function send(bad: Bad, name: string): Promise<string | undefined> {
  const res = await sut.app.inject(bad.request);
  tally.sent++;
  if (res.statusCode >= 400 && res.statusCode < 500) tally.fourHundreds++;
  if (res.statusCode >= 500) {
    tally.fiveHundreds.push(`${name} ${bad.what}`);
    return `${name} — ${bad.what}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  }
  if (bad.mustRefuse && res.statusCode < 400) return `${name} — ${bad.what}: accepted with ${res.statusCode}`;
  return undefined;
}

const authOf = (def: EndpointDef): Record<string, string> => (def.access === 'public' ? {} : admin);

/**
 * One test per group of calls: each area of the endpoint list (contract/endpoints/) in runs of at most GROUP calls,
 * so that every test stays well inside the timeout on a loaded machine (the tag area alone once took a minute).
 */
const GROUP = 8;
const GROUPS = endpointAreas.flatMap((area) => {
  const names = Object.keys(area);
  return Array.from({ length: Math.ceil(names.length / GROUP) }, (_, i) => names.slice(i * GROUP, (i + 1) * GROUP)).map((group) => ({
    first: group[0],
    last: group[group.length - 1],
    names: new Set(group),
  }));
});

describe('generated bad input over every implemented call', () => {
  it.each(GROUPS)('answers every class of bad input with a 4xx, never a 5xx: $first … $last', async ({ names }) => {
    const failures: string[] = [];
    for (const [name, def] of calls.filter(([n]) => names.has(n))) {
      const sample = sampleOf(name, def, fixtures);
      expect(sample, `a sample request for ${name}`).toBeDefined();
      for (const bad of badRequests(def, sample!, authOf(def))) {
        const failure = await send(bad, name);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });

  it('sent every group its bad requests (more than five per call on average)', () => {
    expect(tally.sent).toBeGreaterThan(calls.length * 5);
  });

  it('never answers 5xx to random JSON (fast-check) in place of any part of any call', async () => {
    const failures: string[] = [];
    // Any JSON value, strings with any code point (NUL and lone surrogates included), deep and wide.
    const json = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.constantFrom<Part>('params', 'query', 'body'),
        json,
        fc.nat(),
        async ([name, def], part, value, pick) => {
          const sample = sampleOf(name, def, fixtures)!;
          const current = sample[part];
          if (!schemaOf(def, part) || current === undefined) return;
          const paths = leaves(current).filter(([p]) => p.length);
          // Half the time the whole part, else one leaf of it.
          // Path segments are text and every one must be there: only a leaf of the params is replaced, by text.
          if (part === 'params' && !paths.length) return;
          const leaf = part === 'params' ? String(typeof value === 'string' ? value : JSON.stringify(value)) : value;
          const whole = part !== 'params' && (pick % 2 === 1 || !paths.length);
          const replaced = whole ? value : setAt(current, paths[pick % paths.length][0], leaf);
          if (part === 'query' && (typeof replaced !== 'object' || replaced === null || Array.isArray(replaced))) return;
          const failure = await send(
            variant(def, sample, authOf(def), part, replaced, `random ${JSON.stringify(replaced).slice(0, 80)}`),
            name,
          );
          if (failure) failures.push(failure);
        },
      ),
      { numRuns: 600, seed: 20261125 },
    );
    expect(failures).toEqual([]);
  });
});
