import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { endpoints, type EndpointName } from '../../contract/endpoints/index';
import { fillPath, type EndpointDef } from '../../contract/endpoints/define';
import type { Db } from '../../server/db/client';
import { gateways, products, sensors, servers, tags } from '../../server/db/schema/index';
import { multipartBody } from './harness';

/*
 * Requests generated from the one list of calls (contract/endpoints) for the generated endpoint tests
 * (endpoint-matrix.test.ts, bad-input.test.ts): for every call the server implements, a request its schemas accept,
 * built from the TypeBox schemas with real names of the demo data (a store of ACME, one of its gateways, tags,
 * products ...) where a property is named like one. A call whose schema these cannot satisfy gets no sample, and the
 * guard test names it: add its property name to FIXTURE_NAMES or an entry to OVERRIDES.
 */

export const SAMPLE_STORE = 'TKY001';
export const SAMPLE_COMPANY = 'ACME';

export type Call = [EndpointName, EndpointDef];

/** Every call of the contract the server answers (a new route joins the generated tests by itself). */
export function implementedCalls(app: FastifyInstance): Call[] {
  return (Object.entries(endpoints) as Call[]).filter(([, e]) => app.hasRoute({ method: e.method, url: `/api${e.path}` }));
}

/** Values of the demo data, by the property names the contract uses for them. */
export type Fixtures = Record<string, string | number>;

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const [gw] = await db
    .select({ gwMac: gateways.gwMac })
    .from(gateways)
    .where(eq(gateways.storeCode, SAMPLE_STORE))
    .orderBy(asc(gateways.gwMac))
    .limit(1);
  const [tag] = await db
    .select({ tagMac: tags.tagMac })
    .from(tags)
    .where(eq(tags.storeCode, SAMPLE_STORE))
    .orderBy(asc(tags.tagMac))
    .limit(1);
  const [product] = await db.select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, SAMPLE_STORE)).limit(1);
  const [sensor] = await db
    .select({ tagMac: sensors.tagMac })
    .from(sensors)
    .where(and(eq(sensors.storeCode, SAMPLE_STORE)))
    .limit(1);
  const [server] = await db.select({ id: servers.id }).from(servers).limit(1);
  return {
    storeCode: SAMPLE_STORE,
    store: SAMPLE_STORE,
    companyCode: SAMPLE_COMPANY,
    company: SAMPLE_COMPANY,
    global_companyCode: SAMPLE_COMPANY,
    gwMac: gw.gwMac,
    tagMac: tag.tagMac,
    mac: tag.tagMac,
    sensorMac: sensor?.tagMac ?? tag.tagMac,
    prCode: product.prCode,
    defaultPrCode: product.prCode,
    serverId: server.id,
    email: 'viewer@shelfpad.test',
    start: 0,
    length: 10,
  };
}

/** Strings tried, in order, for a string property whose name is no fixture: the first the schema accepts wins. */
const STRING_CANDIDATES = [
  'SAMPLE1',
  'C4000000AA01',
  '10.0.0.1',
  '10.0.0.1:8080',
  '08:00',
  '2026-01-01',
  '29',
  '1x1',
  '#ffffff',
  '1A',
  'member@shelfpad.test',
  'Asia/Tokyo',
  '2026-01-01T00:00:00Z',
  'https://example.test/',
  'Sample#Passw0rd-2026',
];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
}

/** A value the schema accepts, preferring the demo data's value for a property of that name. */
export function sampleValue(schema: TSchema, name: string, fixtures: Fixtures): unknown {
  const s = schema as JsonSchema;
  const fixture = fixtures[name];
  if (fixture !== undefined && Value.Check(schema, fixture)) return fixture;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf) {
    for (const option of s.anyOf) {
      const value = sampleValue(option as TSchema, name, fixtures);
      if (Value.Check(schema, value)) return value;
    }
    return sampleValue(s.anyOf[0] as TSchema, name, fixtures);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleValue(s.properties![key] as TSchema, key, fixtures);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () =>
        sampleValue(s.items as TSchema, name.replace(/List$|s$/, ''), fixtures),
      );
    case 'string':
      return (
        [typeof fixture === 'string' ? fixture : undefined, ...STRING_CANDIDATES].find((c) => c !== undefined && Value.Check(schema, c)) ??
        'SAMPLE1'
      );
    case 'integer':
    case 'number': {
      const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 0);
      const value = typeof fixture === 'number' ? fixture : Math.max(low, Math.min(1, s.maximum ?? 1));
      return Value.Check(schema, value) ? value : low;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'SAMPLE1';
  }
}

/** A request as the generated tests send it; `form` for multipart calls (fields and one CSV file). */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: Record<string, string>;
}

/** Calls whose generated request needs more than the schemas say (none yet: the schemas carry the rules). */
const OVERRIDES: Partial<Record<EndpointName, (fixtures: Fixtures) => Sample>> = {
  // The product file parser's query names exactly one of store and company (minProperties 1, maxProperties 1).
  productFileParserGet: (f) => ({ query: { storeCode: f.storeCode } }),
  productFileParserSave: (f) => ({ query: { storeCode: f.storeCode }, body: { code: '' } }),
  // A v1 timeline save names at least one of name, schedule or device (minProperties 1): a new timeline by name.
  plusV1TimelineSave: () => ({ body: { name: 'SAMPLE1' } }),
};

/** A request the call's schemas accept, or undefined when none could be generated (the guard test fails). */
export function sampleOf(name: EndpointName, def: EndpointDef, fixtures: Fixtures): Sample | undefined {
  const override = OVERRIDES[name];
  if (override) return override(fixtures);
  const sample: Sample = {};
  if (def.params) sample.params = sampleValue(def.params, '', fixtures) as Record<string, string>;
  if (def.query) sample.query = sampleValue(def.query, '', fixtures) as Record<string, unknown>;
  if (def.multipart) {
    const fields = (def.body ? sampleValue(def.body, '', fixtures) : {}) as Record<string, unknown>;
    sample.form = Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } else if (def.body) sample.body = sampleValue(def.body, '', fixtures);
  const ok =
    (!def.params ||
      Value.Check(def.params, Object.fromEntries(Object.entries(sample.params ?? {}).map(([k, v]) => [k, String(v)]))) ||
      Value.Check(def.params, sample.params)) &&
    (!def.query || Value.Check(def.query, sample.query)) &&
    (!def.body || def.multipart || Value.Check(def.body, sample.body));
  return ok ? sample : undefined;
}

/** The inject options of a sample, with the given headers; `body` replaces the sample's body (bad-input tests). */
export function requestOf(def: EndpointDef, sample: Sample, headers: Record<string, string> = {}): InjectOptions {
  const url = `/api${fillPath(def.path, sample.params as Record<string, string> | undefined)}`;
  const query = sample.query ? Object.fromEntries(Object.entries(sample.query).map(([k, v]) => [k, String(v)])) : undefined;
  if (sample.form) {
    const form = multipartBody(sample.form, { name: 'sample.csv', content: `${String(sample.form.storeCode ? 'C4000000AA01' : 'x')}\n` });
    return { method: def.method, url, query, payload: form.payload, headers: { ...headers, ...form.headers } };
  }
  return { method: def.method, url, query, ...(sample.body !== undefined ? { payload: sample.body as object } : {}), headers };
}

/**
 * A checksum of everything the server stores except the sessions (whose last-seen time every call may touch): the
 * matrix compares it before and after the refused calls of a role.
 */
export async function databaseChecksum(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', '__drizzle_migrations') order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const parts: string[] = [];
  for (const { name } of result.rows) {
    const sum = (await db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from "${name}" t`,
      ),
    )) as unknown as {
      rows: { sum: string }[];
    };
    parts.push(`${name}=${sum.rows[0].sum}`);
  }
  return parts.join('\n');
}
