import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EndpointDef, PrivilegeSection } from '../../contract/endpoints/define';
import { members, roles } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';
import {
  databaseChecksum,
  implementedCalls,
  loadFixtures,
  requestOf,
  sampleOf,
  type Call,
  type Fixtures,
  type Sample,
} from './endpoint-samples';

/*
 * The generated privilege matrix (issue 11): every demo role — and no session — against every call the server
 * implements, read or write. The expected answer comes from the call's declared access (contract/endpoints) and the
 * role's definition as seeded (server/seed/people.ts), never from the server's own checks:
 *   refused → exactly 401 (no session) or 403, and the stored data is unchanged afterwards (a checksum of every table);
 *   allowed → anything but 401/403 and never a 5xx.
 * A refused call is sent as a request the schemas accept, so that the refusal is the privilege check's. An allowed
 * read is carried out; an allowed write is sent with one unknown property, so that the schema stops it (400) after
 * the privilege check let it through — tests/server/privileges.test.ts carries out every write for real.
 */

const ROLE_MEMBERS = ['admin@shelfpad.test', 'acme-admin@shelfpad.test', 'operator@shelfpad.test', 'viewer@shelfpad.test'] as const;
type Who = (typeof ROLE_MEMBERS)[number] | 'no session';

interface RoleDef {
  roleId: number;
  privilege: { key: string; read: boolean; write: boolean }[];
}

let sut: TestServer;
let fixtures: Fixtures;
let calls: Call[];
const headers: Partial<Record<Who, AuthHeaders>> = {};
const roleOf: Partial<Record<Who, RoleDef>> = {};
const counts = { pairs: 0, refused: 0, allowed: 0, fiveHundreds: 0 };

beforeAll(async () => {
  sut = await startTestServer();
  fixtures = await loadFixtures(sut.deps.db);
  calls = implementedCalls(sut.app);
  const signedIn = await Promise.all(ROLE_MEMBERS.map((email) => login(sut.app, email, 'Shelfpad#2026')));
  for (const [i, email] of ROLE_MEMBERS.entries()) {
    headers[email] = signedIn[i];
    const [row] = await sut.deps.db
      .select({ roleId: members.roleId, privilege: roles.privilege })
      .from(members)
      .innerJoin(roles, eq(roles.roleId, members.roleId))
      .where(eq(members.email, email));
    roleOf[email] = row;
  }
  // Generous for a loaded machine (the seed and four scrypt logins); quiet, the whole file takes well under a minute.
}, 300_000);
afterAll(async () => {
  console.info(
    `[endpoint matrix] ${calls?.length} calls × ${ROLE_MEMBERS.length + 1} callers = ${counts.pairs} requests: ${counts.allowed} allowed, ${counts.refused} refused, 5xx = ${counts.fiveHundreds}`,
  );
  await sut?.close();
});

/** What the declarations say: may this caller pass the privilege check of this call? */
function expectedAllowed(who: Who, def: EndpointDef): boolean {
  const access = def.access;
  if (access === 'public') return true;
  const role = roleOf[who as (typeof ROLE_MEMBERS)[number]];
  if (!role) return false;
  if (access === 'session' || role.roleId === -1) return true;
  // What belongs to no company (servers, system settings) is changed by role -1 only (issue 11 §1).
  const systemWrite = access.need === 'write' && (access as { owner?: string }).owner === 'system';
  if (access.superOnly || systemWrite) return false;
  if (role.roleId === 0) return true;
  if (access.privilegedOnly) return false;
  const entry = role.privilege.find((p) => p.key === (access.section as PrivilegeSection));
  return Boolean(entry && (access.need === 'read' ? entry.read || entry.write : entry.write));
}

const isRead = (def: EndpointDef) => def.method === 'GET' || (typeof def.access === 'object' && def.access.need === 'read');

/** An allowed write gets an unknown property (or an unknown target) so that it stops at the schema, not in the data. */
function probeOf(def: EndpointDef, sample: Sample): Sample {
  if (sample.form) return { ...sample, form: { ...sample.form, notAField: 'x' } };
  if (sample.body && typeof sample.body === 'object' && !Array.isArray(sample.body))
    return { ...sample, body: { ...sample.body, notAField: 'x' } };
  if (def.body) return { ...sample, body: { notAField: 'x' } };
  // A write named by its path only (a DELETE): an unknown target, which no data matches.
  return {
    ...sample,
    params: Object.fromEntries(Object.entries(sample.params ?? {}).map(([k]) => [k, k === 'storeCode' ? 'NO-SUCH-STORE' : 'NO-SUCH-ID'])),
  };
}

describe('generated privilege matrix: every caller × every implemented call', () => {
  it('has a schema-valid request for every implemented call, so no call escapes the matrix', () => {
    const missing = calls.filter(([name, def]) => !sampleOf(name, def, fixtures)).map(([name]) => name);
    expect(missing).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(80);
  });

  for (const who of ['no session', ...ROLE_MEMBERS] as Who[]) {
    it(`${who}: refused calls answer 401/403 and change nothing; allowed ones pass the privilege check`, async () => {
      const outcome: Record<string, number | string> = {};
      const expected: Record<string, number | string> = {};
      const auth = headers[who as (typeof ROLE_MEMBERS)[number]] ?? {};
      const plan = calls.map(([name, def]) => ({ name, def, sample: sampleOf(name, def, fixtures)!, allowed: expectedAllowed(who, def) }));

      // The refusals first, all of them between two checksums: not one of them may change what is stored.
      const before = await databaseChecksum(sut.deps.db);
      for (const { name, def, sample } of plan.filter((p) => !p.allowed)) {
        const res = await sut.app.inject(requestOf(def, sample, auth));
        expected[name] = who === 'no session' ? 401 : 403;
        outcome[name] = res.statusCode;
        counts.pairs++;
        counts.refused++;
      }
      expect(await databaseChecksum(sut.deps.db)).toEqual(before);

      // A write with neither body nor path (logout) cannot be stopped at the schema: it runs for real, last.
      const unstoppable = (def: EndpointDef) => !isRead(def) && !def.body && !def.params && !def.multipart;
      const allowed = plan.filter((p) => p.allowed).sort((a, b) => Number(unstoppable(a.def)) - Number(unstoppable(b.def)));
      for (const { name, def, sample } of allowed) {
        const res = await sut.app.inject(requestOf(def, isRead(def) || unstoppable(def) ? sample : probeOf(def, sample), auth));
        expected[name] = 'allowed';
        outcome[name] =
          res.statusCode >= 500
            ? `${res.statusCode} ${res.body}`
            : res.statusCode === 401 || res.statusCode === 403
              ? `${res.statusCode} ${res.json().message}`
              : 'allowed';
        counts.pairs++;
        counts.allowed++;
        if (res.statusCode >= 500) counts.fiveHundreds++;
      }
      expect(outcome).toEqual(expected);
    });
  }
});
