import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { gateways, members, stores, systemAlarms, tags, uploadHistory } from '../../server/db/schema/index';
import type { AppDeps } from '../../server/deps';
import { fillTemplate } from '../../server/lib/notification-template';
import { PushHub } from '../../server/push/hub';
import { saveEnabledNotifications, saveNotificationContents } from '../../server/repos/notifications';
import { saveSmtpConfig } from '../../server/repos/smtp';
import { seedIfEmpty } from '../../server/seed/index';
import { startSimulator, type Simulator } from '../../server/sim/index';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { startSmtpSink, type SmtpSink } from './settings-smtp-sink';

const MINUTE = 60_000;
let database: Database;
let deps: AppDeps;
let sink: SmtpSink;

beforeAll(async () => {
  database = await openDatabase();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  deps = { db: database.db, config: loadConfig({}), push: new PushHub() };
  sink = await startSmtpSink('plain');
  // No password: the loopback host speaks no TLS, over which none would be sent (smtp-security.test.ts).
  await saveSmtpConfig(deps.db, null, {
    enable: true,
    server: '127.0.0.1',
    port: sink.port,
    account: 'alerts@shelfpad.test',
    password: '',
    tls: false,
    ssl: false,
  });
  await saveNotificationContents(deps.db, [
    {
      key: 'gwOff1Hr',
      title: 'Gateway offline',
      detail: 'd',
      subject: 'Gateway {gwMac} of {store} offline',
      body: 'Gateway {gwMac} of {storeName} ({company}) has been silent since {since}.',
    },
  ]);
});
afterAll(async () => {
  await sink?.close();
  await database?.close();
});

/** Only the notification checks run, a minute per tick: nothing else moves the gateways. */
const sim = (tickMs = MINUTE): Simulator =>
  startSimulator(deps, {
    seed: 3,
    speed: 1,
    manual: true,
    tickMs,
    modules: ['notifications'],
    onError: (_w, e) => {
      throw e;
    },
  });

/** A reporting gateway of the seed, taken offline at `at` (its last report). */
async function takeOffline(skip: number, at: Date) {
  const [gw] = await deps.db
    .select({ gwMac: gateways.gwMac, storeCode: gateways.storeCode, companyCode: stores.companyCode, storeName: stores.storeName })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(and(eq(gateways.status, 'NORMAL'), isNotNull(gateways.lastStatusTime)))
    .orderBy(asc(gateways.gwMac))
    .offset(skip)
    .limit(1);
  await deps.db.update(gateways).set({ status: 'OFFLINE', lastStatusTime: at }).where(eq(gateways.gwMac, gw.gwMac));
  return gw;
}

const alarmsOf = (gwMac: string) =>
  deps.db
    .select()
    .from(systemAlarms)
    .where(and(eq(systemAlarms.type, SYSTEM_ALARM_TYPES.GW_OFFLINE_1HR.code), sql`${systemAlarms.data}->>'gwMac' = ${gwMac}`));
const mailsAbout = (gwMac: string) => sink.mails.filter((m) => m.subject.includes(gwMac));

describe('notification mail (gwOff1Hr)', () => {
  // spec: core §9.13 — notice when a gateway is offline over 1 hour
  it('a gateway offline for an hour with gwOff1Hr on: one alarm row and one mail with the filled template to the company admins', async () => {
    await saveEnabledNotifications(deps.db, ['gwOff1Hr']);
    const s = sim();
    const gw = await takeOffline(0, s.now());
    await s.advance(58 * MINUTE);
    expect(await alarmsOf(gw.gwMac)).toHaveLength(0);
    expect(mailsAbout(gw.gwMac)).toHaveLength(0);

    await s.advance(3 * MINUTE);
    const mail = await sink.next((m) => m.subject.includes(gw.gwMac));
    expect(mail.subject).toBe(`Gateway ${gw.gwMac} of ${gw.storeCode} offline`);
    expect(mail.text).toContain(`Gateway ${gw.gwMac} of ${gw.storeName} (${gw.companyCode}) has been silent since`);
    expect(mail.text).not.toMatch(/\{[a-zA-Z]+\}/);
    const admins = await deps.db
      .select({ email: members.email })
      .from(members)
      .where(and(eq(members.roleId, 0), eq(members.locked, false), sql`${gw.companyCode} = any(${members.companies})`));
    expect(admins.length).toBeGreaterThan(0);
    expect([...mail.to].sort()).toEqual(admins.map((a) => a.email).sort());

    // Still offline an hour later: the same occurrence, no second alarm or mail.
    await s.advance(60 * MINUTE);
    s.stop();
    expect(mailsAbout(gw.gwMac)).toHaveLength(1);
    const rows = await alarmsOf(gw.gwMac);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ location: gw.storeCode, companyCode: gw.companyCode, class: 3 });
  });

  it('with gwOff1Hr off, an outage of two hours sends nothing and records no alarm', async () => {
    await saveEnabledNotifications(deps.db, []);
    const s = sim();
    const gw = await takeOffline(0, s.now());
    await s.advance(121 * MINUTE);
    s.stop();
    expect(await alarmsOf(gw.gwMac)).toHaveLength(0);
    expect(mailsAbout(gw.gwMac)).toHaveLength(0);
  });

  it('fills known variables and leaves an unknown one as written', () => {
    expect(fillTemplate('{store}: {count} tags {nope}', { store: 'TKY001', count: '3' })).toBe('TKY001: 3 tags {nope}');
  });
});

const alarmsOfType = (code: number, storeCode: string) =>
  deps.db
    .select()
    .from(systemAlarms)
    .where(and(eq(systemAlarms.type, code), eq(systemAlarms.location, storeCode)));

describe('notification mail (notRecvCsv4Hr, abnorTagProduct)', () => {
  // spec: core §9.13 — notice when no CSV file arrived for over 4 hours
  it('no product file for four hours: one alarm and one mail per silence', async () => {
    await saveEnabledNotifications(deps.db, ['notRecvCsv4Hr']);
    await saveNotificationContents(deps.db, [
      {
        key: 'notRecvCsv4Hr',
        title: 'No file',
        detail: 'd',
        subject: 'No product file for {store}',
        body: '{storeName}: last file at {since}.',
      },
    ]);
    const s = sim();
    const [store] = await deps.db.select().from(stores).orderBy(asc(stores.storeCode)).limit(1);
    await deps.db
      .insert(uploadHistory)
      .values({ companyCode: store.companyCode, storeCode: store.storeCode, fileName: 'p.csv', fileType: 'product', received: s.now() });
    const about = () => sink.mails.filter((m) => m.subject === `No product file for ${store.storeCode}`);
    await s.advance(3 * 60 * MINUTE);
    expect(about()).toHaveLength(0);
    await s.advance(62 * MINUTE);
    await sink.next((m) => m.subject === `No product file for ${store.storeCode}`);
    await s.advance(30 * MINUTE);
    s.stop();
    expect(about()).toHaveLength(1);
    expect(about()[0].text).toContain(`${store.storeName}: last file at `);
    expect(await alarmsOfType(SYSTEM_ALARM_TYPES.PRODUCT_FILE_NOT_RECEIVED_4HR.code, store.storeCode)).toHaveLength(1);
  });

  // spec: core §9.13 — daily report at 10 am of abnormal tags and products
  it('a tag linked to a product the store does not have: one daily report at 10 am', async () => {
    await saveEnabledNotifications(deps.db, ['abnorTagProduct']);
    await saveNotificationContents(deps.db, [
      {
        key: 'abnorTagProduct',
        title: 'Report',
        detail: 'd',
        subject: 'Abnormal pairs in {store}',
        body: '{count} abnormal tag-product pairs in {storeName}.',
      },
    ]);
    const [tag] = await deps.db.select().from(tags).orderBy(asc(tags.tagMac)).limit(1);
    await deps.db.update(tags).set({ prCode: 'NO-SUCH-PRODUCT-1' }).where(eq(tags.tagMac, tag.tagMac));
    const s = sim(10 * MINUTE);
    // A day and a bit: 10 am passes at least once, perhaps twice (today's and tomorrow's reports).
    await s.advance(25 * 60 * MINUTE);
    s.stop();
    const rows = await alarmsOfType(SYSTEM_ALARM_TYPES.ABNORMAL_TAG_PRODUCT.code, tag.storeCode!);
    const days = rows.map((r) => r.data.day);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(new Set(days).size).toBe(rows.length);
    for (const r of rows) expect(new Date(r.updatedAt).getHours()).toBeGreaterThanOrEqual(10);
    const mails = sink.mails.filter((m) => m.subject === `Abnormal pairs in ${tag.storeCode}`);
    expect(mails).toHaveLength(rows.length);
    expect(mails[0].text).toMatch(/^\d+ abnormal tag-product pairs in /);
  });
});
