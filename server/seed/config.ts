import { SYSTEM_ALARM_TYPES, type SystemAlarmType } from '../../contract/schemas/system-alarm-types';
import { DEFAULT_NOTIFICATION_KEYS } from '../../contract/schemas/constants-admin';
import type { Db } from '../db/client';
import {
  alarmConfig,
  amacs,
  changeHistory,
  notificationContents,
  notificationSettings,
  plusAlarmSettings,
  plusSettings,
  serverConfig,
  smtpConfigs,
  systemAlarms,
  uploadHistory,
  uploadRows,
} from '../db/schema/index';
import type { ProductPlan } from './products';
import { DISTANCE_ERROR_RANGE } from './sensors';
import { Rng, minutesAgo } from './random';
import { insertRows } from './insert';
import { seedPaperTasks } from './paper';

const titleOf = (key: string) =>
  key
    .toLowerCase()
    .split('_')
    .map((w, i) => (i ? w : w[0].toUpperCase() + w.slice(1)))
    .join(' ');

/** The singleton settings rows, written out so that the settings screens show values rather than blanks. */
export async function seedSettings(db: Db, now: Date): Promise<void> {
  await db.insert(serverConfig).values({
    id: 1,
    retailServerIp: '10.0.0.21',
    retailServerPort: 9000,
    timeServerIp: 'pool.ntp.org',
    timeServerPort: 123,
    gatewayStatusCheckInterval: 600,
    historyRetentionDays: 30,
    updateHistoryRetentionDays: 7,
    tagDisplayRefreshDays: 1,
    panId: 'BFFF',
    mobile: '+81-3-0000-0000',
    email: 'ops@shelfpad.test',
    mainFromMac: 2,
    mainFromPage: 3,
    // The standard profile: no customer site, no sub-domains, product-based updates with history.
    site: '',
    useSubDomain: false,
    imageBaseUpdate: false,
    enableProductUpdateHistory: true,
    distanceErrorRange: DISTANCE_ERROR_RANGE,
    changeConfig: { store: true, product: true, member: true, setting: true },
    updatedAt: now,
  });
  await db.insert(smtpConfigs).values({
    companyCode: null,
    enable: false,
    server: 'smtp.shelfpad.test',
    port: 587,
    account: 'alerts@shelfpad.test',
    tls: true,
    ssl: false,
  });
  const types = Object.entries(SYSTEM_ALARM_TYPES);
  await db.insert(alarmConfig).values({
    id: 1,
    available: types.map(([, t]) => t.code),
    admin: ['admin@shelfpad.test'],
    server: ['proxy-01', 'esl-01', 'db-01'],
    content: Object.fromEntries(
      types.map(([key, t]) => [String(t.code), { title: titleOf(key), detail: `${titleOf(key)} at {location}` }]),
    ),
    variables: ['location', 'type', 'class', 'updatedAt'],
    updatedAt: now,
  });
  await insertRows(
    db,
    notificationSettings,
    DEFAULT_NOTIFICATION_KEYS.map((key) => ({ key, enabled: false, updatedAt: now })),
  );
  const notices: Record<string, [string, string]> = {
    gwOff1Hr: ['Gateway offline', 'A gateway of {store} has been offline for over 1 hour.'],
    notRecvCsv4Hr: ['No product file', 'No product file has been received for {store} for over 4 hours.'],
    abnorTagProduct: ['Daily report', 'Abnormal tags and products of {store} at 10 am.'],
  };
  await insertRows(
    db,
    notificationContents,
    DEFAULT_NOTIFICATION_KEYS.map((key) => ({
      key,
      title: notices[key][0],
      detail: notices[key][1],
      subject: `[Shelfpad] ${notices[key][0]}`,
      body: notices[key][1],
      updatedAt: now,
    })),
  );
  await db
    .insert(plusAlarmSettings)
    .values({ id: 1, memoryThreshold: 85, diskThreshold: 90, progressThreshold: 80, totalTagsThreshold: 95, receiveCriticalOnly: false });
  await db.insert(plusSettings).values({ id: 1, setting: { autoSync: true, screenshotIntervalMin: 60, defaultShowDuration: 30 } });
  await insertRows(db, amacs, [
    { abstractCode: 'AM01', abstractData: '3C1A0001' },
    { abstractCode: 'AM02', abstractData: '3C1A0007' },
  ]);
}

/** A handful of system alarms of each class, spread over the last two days. */
export async function seedSystemAlarms(
  db: Db,
  seed: number,
  now: Date,
  stores: { storeCode: string; companyCode: string; status: string }[],
): Promise<void> {
  const rng = Rng.of(seed, 'alarms');
  const rows: (typeof systemAlarms.$inferInsert)[] = [];
  const add = (type: SystemAlarmType, location: string, companyCode: string | null, data: Record<string, unknown> = {}) => {
    const t = SYSTEM_ALARM_TYPES[type];
    rows.push({ class: t.class, type: t.code, location, companyCode, data, updatedAt: minutesAgo(now, rng.int(5, 2880)) });
  };
  add('SERVER_STARTED', 'SYSTEM', null, { server: 'esl-01' });
  add('SERVER_STARTED', 'SYSTEM', null, { server: 'proxy-01' });
  add('DISK_USAGE_ABNORMAL', 'SYSTEM', null, { server: 'db-01', percent: 91 });
  add('DISK_USAGE_NORMAL', 'SYSTEM', null, { server: 'db-01', percent: 62 });
  add('SERVICE_ABNORMAL', 'SYSTEM', null, { server: 'esl-01', service: 'stats' });
  add('SERVICE_NORMAL', 'SYSTEM', null, { server: 'esl-01', service: 'stats' });
  add('ESL_LEADER_CHANGED', 'SYSTEM', null, { from: 'esl-02', to: 'esl-01' });
  add('ACCOUNT_LOCKED', 'SYSTEM', 'ACME', { email: 'locked@shelfpad.test' });
  for (const s of stores) {
    add('TAG_UPDATE_FAILURE', s.storeCode, s.companyCode, { count: rng.int(1, 12) });
    if (s.status === 'OFFLINE') add('GW_STATUS_ABNORMAL', s.storeCode, s.companyCode, { reason: 'no report' });
    if (s.status === 'ALARM') {
      add('LOW_BATTERY_LIST_CHANGED', s.storeCode, s.companyCode, { count: rng.int(2, 9) });
      add('GW_TIME_SYNC_ABNORMAL', s.storeCode, s.companyCode, {});
      add('PRODUCT_FILE_PARSER_EXCEPTION', s.storeCode, s.companyCode, { file: 'products.csv', line: rng.int(2, 400) });
    }
    if (s.status === 'NORMAL' && rng.chance(0.4)) add('LOW_BATTERY_LIST_CLEARED', s.storeCode, s.companyCode);
  }
  await insertRows(db, systemAlarms, rows);
  await insertRows(db, changeHistory, [
    {
      company: 'ACME',
      store: 'TKY001',
      category: 'store_config',
      operation: 'Update',
      method: 'PUT',
      path: '/config/store',
      items: [{ enableTagStatusCheck: true }],
      email: 'acme-admin@shelfpad.test',
      updatedAt: minutesAgo(now, 3000),
    },
    {
      company: 'NORD',
      store: 'SYSTEM',
      category: 'member',
      operation: 'Create',
      method: 'POST',
      path: '/account',
      items: ['nord-admin@shelfpad.test'],
      email: 'admin@shelfpad.test',
      updatedAt: minutesAgo(now, 9000),
    },
    {
      company: 'SYSTEM',
      store: 'SYSTEM',
      category: 'setting',
      operation: 'Update',
      method: 'PUT',
      path: '/config/server',
      items: [{ historyRetentionDays: 30 }],
      email: 'admin@shelfpad.test',
      updatedAt: minutesAgo(now, 12000),
    },
  ]);
}

/** Product file uploads and paper label tasks for a few stores, so that those lists are not empty. */
export async function seedUploadsAndPaper(
  db: Db,
  seed: number,
  now: Date,
  stores: { storeCode: string; companyCode: string; products: ProductPlan[] }[],
): Promise<void> {
  for (const s of stores) {
    const sample = s.products.slice(0, 5);
    const [upload] = await db
      .insert(uploadHistory)
      .values({
        companyCode: s.companyCode,
        storeCode: s.storeCode,
        fileName: `products_${s.storeCode}.csv`,
        fileType: 'product',
        count: 120,
        dataCount: 118,
        error: ['line 17: price is not a number', 'line 88: empty product code'],
        received: minutesAgo(now, 1500),
        finished: minutesAgo(now, 1499),
      })
      .returning({ id: uploadHistory.id });
    await insertRows(
      db,
      uploadRows,
      sample.map((p, rowNo) => ({ historyId: upload.id, rowNo, data: { prCode: p.prCode, prInfo: p.prInfo, layoutId: p.layoutId } })),
    );
  }
  await seedPaperTasks(db, seed, now, stores);
}
