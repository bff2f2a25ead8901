import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../contract/endpoints/index';
import { fillPath, type EndpointDef } from '../../contract/endpoints/define';
import { eq, inArray } from 'drizzle-orm';
import { gateways, plusDevices, stores as storesTable } from '../../server/db/schema/index';
import { DEMO_PASSWORD, login, startTestServer, type AuthHeaders, type TestServer } from './harness';
import { implementedCalls, sampleOf, type Call } from './endpoint-samples';
import {
  injectOf,
  loadTargetRows,
  loadUploadMedia,
  scopedChecker,
  targetedRequests,
  type ChecksumScope,
  type Scope,
  type ScopedChecker,
  type TargetRows,
  type TargetedRequest,
} from './two-company-samples';

/*
 * The generated privilege matrix with two companies' data (issue 29, "Make the tests see this class of bug"). The
 * privilege matrices (endpoint-matrix, privileges) use one company's data and stop a write at the schema; a hole
 * that lets NORD's admin move ACME's gateway into a NORD store (finding 2) passes them. Here every write of the
 * contract — walked from the endpoint list, so a new call is covered the day it is added — is sent by a member who
 * must not reach a store, naming that store's rows by code, MAC and id in the path, the query, the body and the
 * uploaded file, as requests the schemas accept. After every request a checksum of the target's rows (every table,
 * scoped by its store / company column) must be what it was; any answer is fine (403, 404, or a 2xx that changed
 * nothing, like a list that filtered the rows out) except a 5xx. At the end the target company's admin reads a
 * representative set through the API (the gateway's store, the tag's store and product, the member's companies …)
 * and must see what it saw before.
 *
 * Two callers: NORD's administrator (role 0 of another company) against ACME's TKY001, and ACME's store operator
 * (limited to TKY001 and TKY002) against ACME's SEL001 — the same hole inside one company.
 */

/**
 * Holes found by this matrix whose fix is another change's (issue 29), by caller: left out of the matrix (a known
 * hole changes the target's data, which would blur every later check) and listed as skipped tests, until the fix is
 * merged and the entry removed.
 */
const NORD_KNOWN_FINDINGS: Partial<Record<EndpointName, string>> = {};

/** Public calls are everyone's (login, signup, forgotten password): their abuse is login-abuse.test.ts's. */
const isPublic = (def: EndpointDef) => def.access === 'public';
const isWrite = (def: EndpointDef) => def.method !== 'GET' && !(typeof def.access === 'object' && def.access.need === 'read');
/**
 * Run order: a call that deletes the caller's own store (or company) comes after the others — every "own store"
 * request after it would only meet a missing store — and logout, which ends the session, comes last.
 */
const runOrder = (name: EndpointName, def: EndpointDef) => {
  if (name === 'authLogout') return 2;
  const params = Object.keys((def.params as { properties?: object } | undefined)?.properties ?? {});
  return def.method === 'DELETE' && params.length > 0 && params.every((p) => p === 'storeCode' || p === 'companyCode') ? 1 : 0;
};

interface Caller {
  title: string;
  email: string;
  targetStore: string;
  own: Scope;
  /** The target company's member the calls name (the one finding 2 moved), and the target's admin who reads the API view. */
  targetMember: string;
  targetAdmin: string;
  knownFindings: Partial<Record<EndpointName, string>>;
}

const CALLERS: Caller[] = [
  {
    title: "NORD's administrator naming ACME's rows",
    email: 'nord-admin@shelfpad.test',
    targetStore: 'TKY001',
    own: { storeCode: 'LON001', companyCode: 'NORD' },
    targetMember: 'weak-change@shelfpad.test',
    targetAdmin: 'acme-admin@shelfpad.test',
    knownFindings: NORD_KNOWN_FINDINGS,
  },
  {
    title: "ACME's store operator (TKY001, TKY002) naming SEL001's rows",
    email: 'operator@shelfpad.test',
    targetStore: 'SEL001',
    own: { storeCode: 'TKY001', companyCode: 'ACME' },
    targetMember: 'viewer@shelfpad.test',
    targetAdmin: 'acme-admin@shelfpad.test',
    knownFindings: {},
  },
];

let sut: TestServer;
let writes: Call[];
const figures = {
  calls: 0,
  requests: {} as Record<string, number>,
  statuses: {} as Record<string, number>,
  fiveHundreds: [] as string[],
  changed: [] as string[],
  requestMs: 0,
  checksumMs: 0,
  accepted: [] as string[],
};

beforeAll(async () => {
  sut = await startTestServer();
  writes = implementedCalls(sut.app).filter(([, def]) => isWrite(def) && !isPublic(def));
  await loadUploadMedia();
}, 300_000);
afterAll(async () => {
  const perCategory = Object.entries(figures.requests)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `[two-company matrix] ${figures.calls} write calls; requests: ${perCategory}; statuses: ${JSON.stringify(figures.statuses)}; ` +
      `5xx = ${figures.fiveHundreds.length}${figures.fiveHundreds.length ? ` (${figures.fiveHundreds.join('; ')})` : ''}; ` +
      `time in requests ${Math.round(figures.requestMs)} ms, in checksums ${Math.round(figures.checksumMs)} ms; ` +
      `2xx naming the target's rows from the caller's scope (nothing changed): ${figures.accepted.join(', ') || 'none'}; ` +
      `changed the target's data: ${figures.changed.length ? figures.changed.join('; ') : 'none'} (known findings left out: ${Object.keys(NORD_KNOWN_FINDINGS).join(', ')})`,
  );
  await sut?.close();
});

/** What the target's admin sees of the named rows: the gateway's store, the tag's store and product, the member's companies … */
async function apiView(t: TargetRows, as: AuthHeaders, wholeCompany: boolean): Promise<Record<string, unknown>> {
  const storeReads: [EndpointName, Record<string, string | number>][] = [
    ['gatewayConfigGet', { storeCode: t.storeCode, gwMac: t.gwMac }],
    ['gatewayConfigList', { storeCode: t.storeCode }],
    ['tagList', { storeCode: t.storeCode }],
    ['productTagList', { storeCode: t.storeCode, prCode: t.prCode }],
    ['productGet', { storeCode: t.storeCode, prCode: t.prCode }],
    ['storeConfigGet', { storeCode: t.storeCode }],
    ['memberGet', { email: t.memberEmail }],
    ['roleGet', { role_id: t.roleId }],
    ['plusDeviceInfo', { storeCode: t.storeCode, mac: t.plusMac }],
    ['plusTemplateGet', { storeCode: t.storeCode, name: t.template }],
    ['plusScheduleGet', { storeCode: t.storeCode, id: t.scheduleId }],
    ['plusAssetList', { storeCode: t.storeCode, type: 'image' }],
    ['plusV1DeviceConfig', { mac: t.v1Mac }],
  ];
  // A v1 show is the company's, not a store's: a store operator with the Plus privilege may change it.
  const companyReads: [EndpointName, Record<string, string | number>][] = [['plusV1ShowGet', { id: t.v1ShowId }]];
  const reads = wholeCompany ? [...storeReads, ...companyReads] : storeReads;
  const view: Record<string, unknown> = {};
  for (const [name, params] of reads) {
    const def = endpoints[name] as EndpointDef;
    const sample = sampleOf(name, def, { storeCode: t.storeCode, companyCode: t.companyCode, start: 0, length: 100 });
    const res = await sut.app.inject({
      method: def.method,
      url: `/api${fillPath(def.path, params)}`,
      query: sample?.query as Record<string, string> | undefined,
      ...(def.body ? { payload: (sample?.body ?? {}) as object } : {}),
      headers: as,
    });
    expect(res.statusCode, `${name} ${res.body}`).toBe(200);
    view[name] = res.json();
  }
  return view;
}

/** A request of a call as the report names it. */
const nameOf = (name: string, request: TargetedRequest) => `${name} (${request.label})`;

for (const caller of CALLERS) {
  describe(`two-company matrix: ${caller.title}`, () => {
    let headers: AuthHeaders;
    let target: TargetRows;
    let checker: ScopedChecker;
    let wholeCompany: boolean;
    let targetAdmin: AuthHeaders;

    beforeAll(async () => {
      const [callerHeaders, adminHeaders] = await Promise.all([
        login(sut.app, caller.email, DEMO_PASSWORD),
        login(sut.app, caller.targetAdmin, DEMO_PASSWORD),
      ]);
      headers = callerHeaders;
      targetAdmin = adminHeaders;
      target = await loadTargetRows(sut.deps.db, sut.app, caller.targetStore, adminHeaders, caller.targetMember);
      // The target is one store for the operator (its company's other stores are the operator's own), the whole
      // company for another company's administrator.
      wholeCompany = caller.own.companyCode !== target.companyCode;
      const stores = wholeCompany
        ? (
            await sut.deps.db
              .select({ storeCode: storesTable.storeCode })
              .from(storesTable)
              .where(eq(storesTable.companyCode, target.companyCode))
          ).map((s) => s.storeCode)
        : [target.storeCode];
      const scope: ChecksumScope = {
        stores,
        companies: wholeCompany ? [target.companyCode] : [],
        memberCompanies: [target.companyCode],
        exceptMember: caller.email,
        gatewayMacs: (await sut.deps.db.select({ mac: gateways.gwMac }).from(gateways).where(inArray(gateways.storeCode, stores))).map(
          (g) => g.mac,
        ),
        deviceMacs: (
          await sut.deps.db.select({ mac: plusDevices.mac }).from(plusDevices).where(inArray(plusDevices.storeCode, stores))
        ).map((d) => d.mac),
      };
      // The job queue's table exists once pg-boss has started: started now, so that the checksum covers the jobs too.
      await sut.deps.jobs!.prepare();
      checker = await scopedChecker(sut.deps.db, scope);
      expect(checker.tables).toContain('pgboss.job');
    }, 120_000);

    const plan = () =>
      writes
        .map(([name, def]) => ({ name, def, requests: targetedRequests(name, def, target, caller.own) }))
        .sort((a, b) => runOrder(a.name, a.def) - runOrder(b.name, b.def));

    it('has requests the schemas accept for every write, each naming a row of the target', () => {
      const withoutRequest = plan()
        .filter((p) => p.requests.length === 0)
        .map((p) => p.name);
      expect(withoutRequest).toEqual([]);
      // A call that can name no row of a company (it acts on the caller's session, or on what every company
      // shares) is still sent — the checksum covers the shared rows — but listed here, so that a new call that
      // should name rows and does not is noticed.
      const namingNothing = plan()
        .filter((p) => !p.requests.some((r) => r.names.length > 0))
        .map((p) => p.name)
        .sort();
      expect(namingNothing).toEqual(
        [
          'accountPassword',
          'accountUpdate',
          'alarmConfigUpdate',
          'alarmSettingUpdate',
          'amacAdd',
          'amacDelete',
          'amacSave',
          'authLogout',
          'changeConfigSave',
          'codeScriptTest',
          'mobileFileActivate',
          'mobileFileRemove',
          'mobileFileUpload',
          'notificationContentAllUpdate',
          'notificationContentUpdate',
          'notificationSettingSave',
          'otaFirmwareParse',
          'plusDataDecoratorSave',
          'plusSettingSave',
          'roleCreate',
          'smtpSave',
          'smtpTest',
          'statusServerDelete',
          'swUpgradeUpload',
          'tagDataDecoratorSave',
          'thirdPartyAuthSave',
        ].filter((n) => writes.some(([w]) => w === n)),
      );
      figures.calls = Math.max(figures.calls, writes.length);
    });

    it("changes none of the target's rows with any write, and answers no 5xx", async () => {
      const viewBefore = await apiView(target, targetAdmin, wholeCompany);
      await checker.changed();
      const changed: Record<string, string> = {};
      const fiveHundreds: Record<string, string> = {};
      for (const { name, def, requests } of plan()) {
        if (caller.knownFindings[name]) continue;
        for (const request of requests) {
          const sentAt = performance.now();
          const res = await sut.app.inject(injectOf(def, request, headers));
          figures.requestMs += performance.now() - sentAt;
          const category = `${caller.email.split('@')[0]}/${request.label.replace(/ #\d+$/, '')}`;
          figures.requests[category] = (figures.requests[category] ?? 0) + 1;
          figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) {
            fiveHundreds[nameOf(name, request)] = `${res.statusCode} ${res.body.slice(0, 200)}`;
            figures.fiveHundreds.push(`${caller.email}: ${nameOf(name, request)} ${res.statusCode}`);
          }
          const checkedAt = performance.now();
          const tables = await checker.changed();
          figures.checksumMs += performance.now() - checkedAt;
          // A 2xx naming the target's rows from the caller's own store changed nothing here (else it is listed as
          // changed) — listed in the figures to be read, since a command sent to a device changes no row.
          if (res.statusCode < 300 && request.label !== 'target store' && request.names.length)
            figures.accepted.push(`${caller.email.split('@')[0]}: ${nameOf(name, request)}`);
          if (tables.length) {
            changed[nameOf(name, request)] = `${res.statusCode}: ${tables.join(', ')}`;
            figures.changed.push(`${caller.email}: ${nameOf(name, request)} → ${res.statusCode}, ${tables.join(', ')}`);
          }
        }
      }
      expect(fiveHundreds).toEqual({});
      expect(changed).toEqual({});
      expect(await apiView(target, targetAdmin, wholeCompany)).toEqual(viewBefore);
      // About 400 requests, each followed by a checksum: a few seconds quiet, much longer on a machine shared with other test files.
    }, 300_000);

    for (const [name, finding] of Object.entries(caller.knownFindings) as [EndpointName, string][]) {
      // Skipped until the finding's fix is merged; then the entry goes from the list and the matrix above sends the
      // call with the others. The body is the same check, for running it alone (change it.skip to it).
      it.skip(`known finding — ${finding}: ${name} changes nothing of the target`, async () => {
        const def = endpoints[name] as EndpointDef;
        await checker.changed();
        const changed: string[] = [];
        for (const request of targetedRequests(name, def, target, caller.own)) {
          const res = await sut.app.inject(injectOf(def, request, headers));
          expect(res.statusCode, `${nameOf(name, request)} ${res.body}`).toBeLessThan(500);
          const tables = await checker.changed();
          if (tables.length) changed.push(`${nameOf(name, request)} → ${res.statusCode}: ${tables.join(', ')}`);
        }
        expect(changed).toEqual([]);
      });
    }
  });
}
