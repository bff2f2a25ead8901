import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { GATEWAY_LOG_DISK_PATH, GATEWAY_PORT, GATEWAY_RAMDISK_PATH } from '../../contract/schemas/constants-core';
import type { Db } from '../db/client';
import {
  gatewayAlarmHistory,
  gatewayChannels,
  gatewayHealth,
  gateways,
  predefinedGateways,
  serverHealth,
  servers,
  type HealthStatus,
  type ServerState,
  type ServerType,
} from '../db/schema/index';
import { COMPANIES, type Scale, type StoreDef } from './stores';
import { Rng, hex, minutesAgo } from './random';
import { insertBulk, insertRows } from './insert';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** One health sample per 10 minutes over the 24 h history window. */
const SAMPLES = 144;

export interface SeedGateway {
  gwMac: string;
  /** Address without the port, as tags report it. */
  address: string;
  storeCode: string;
  status: HealthStatus;
}

const SERVERS: { id: string; name: string; type: ServerType; state: ServerState; ip: string; services: string[] }[] = [
  { id: 'proxy-01', name: 'proxy-01', type: 'proxy', state: 'MASTER', ip: '10.0.0.11', services: ['nginx', 'haproxy', 'keepalived'] },
  { id: 'esl-01', name: 'esl-01', type: 'esl', state: 'LEADER', ip: '10.0.0.21', services: ['esl-core', 'scheduler', 'stats', 'push'] },
  { id: 'db-01', name: 'db-01', type: 'database', state: 'PRIMARY', ip: '10.0.0.31', services: ['postgres', 'backup'] },
];

export async function seedServers(db: Db, seed: number, now: Date): Promise<void> {
  const rng = Rng.of(seed, 'servers');
  await insertRows(
    db,
    servers,
    SERVERS.map((s, i) => ({
      id: s.id,
      name: s.name,
      status: 'NORMAL' as const,
      state: s.state,
      type: s.type,
      reportTime: minutesAgo(now, 0.2 * (i + 1)),
      systemTime: minutesAgo(now, 0.2 * (i + 1)),
      diskUsage: { used: rng.int(40, 220) * GIB, total: 500 * GIB },
      ramUsage: { used: rng.int(3, 10) * GIB, total: 16 * GIB },
      serviceStatusList: s.services.map((name) => ({ name, status: 'RUNNING', updatedAt: now.toISOString() })),
      network: [
        { name: 'eth0', ip: s.ip, mac: `52:54:00:${hex(i, 2)}:10:01`.toLowerCase(), netmask: '255.255.255.0' },
        { name: 'lo', ip: '127.0.0.1', netmask: '255.0.0.0' },
      ],
      createdAt: minutesAgo(now, 60 * 24 * 90),
    })),
  );
  const samples: (typeof serverHealth.$inferInsert)[] = [];
  for (const s of SERVERS) {
    let cpu = rng.float(5, 30);
    let ram = rng.int(4, 8);
    for (let k = SAMPLES - 1; k >= 0; k--) {
      cpu = Math.min(95, Math.max(2, cpu + rng.float(-4, 4)));
      ram = Math.min(14, Math.max(2, ram + rng.float(-0.3, 0.3, 2)));
      samples.push({
        serverId: s.id,
        time: minutesAgo(now, k * 10),
        status: 'NORMAL',
        cpu: Number(cpu.toFixed(1)),
        diskUsed: Math.round((120 + (SAMPLES - k) * 0.01) * GIB),
        diskTotal: 500 * GIB,
        ramUsed: Math.round(ram * GIB),
        ramTotal: 16 * GIB,
      });
    }
  }
  await insertBulk(db, serverHealth, samples);
}

/** Gateway statuses follow the store's: NORMAL stores are all green; ALARM stores hold each kind of trouble. */
function gatewayStatus(store: StoreDef, g: number): { status: HealthStatus; timeSync: number } {
  if (store.status === 'OFFLINE') return { status: 'OFFLINE', timeSync: 0 };
  if (store.status === 'ALARM') {
    if (g === 1) return { status: 'ALARM', timeSync: 1 };
    // NORMAL with timeSync 0: the console shows it as ALARM (console-core §4).
    if (g === 2) return { status: 'NORMAL', timeSync: 0 };
    if (g === 3) return { status: 'OFFLINE', timeSync: 0 };
  }
  return { status: 'NORMAL', timeSync: 1 };
}

export async function seedGateways(
  db: Db,
  seed: number,
  scale: Scale,
  now: Date,
  storeList: (StoreDef & { index: number })[],
): Promise<Map<string, SeedGateway[]>> {
  const rng = Rng.of(seed, 'gateways');
  const rows: (typeof gateways.$inferInsert)[] = [];
  const byStore = new Map<string, SeedGateway[]>();
  for (const store of storeList) {
    const companyNo = COMPANIES.findIndex((c) => c.companyCode === store.companyCode) + 1;
    const count = scale === 'demo' ? 5 + (store.index % 3 === 0 ? 1 : 0) : 3;
    const list: SeedGateway[] = [];
    for (let g = 0; g < count; g++) {
      const gwMac = `3C1A${hex(store.index, 4)}${hex(g + 1, 4)}`;
      const address = `10.${companyNo}.${store.index}.${11 + g}`;
      const { status, timeSync } = gatewayStatus(store, g);
      const offline = status === 'OFFLINE';
      const seen = offline ? minutesAgo(now, rng.int(90, 600)) : minutesAgo(now, rng.float(0.5, 4));
      const dataChannel = rng.pick([11, 15, 20, 25]);
      rows.push({
        gwMac,
        storeCode: store.storeCode,
        gwIndex: g,
        channelGroupIndex: g % 2,
        ip: `${address}:${GATEWAY_PORT}`,
        alternateIp: g === 0 ? `192.168.${store.index}.${11 + g}` : null,
        netmask: '255.255.255.0',
        defaultGateway: `10.${companyNo}.${store.index}.1`,
        dns: '8.8.8.8',
        eslServerPort: 9000,
        dataChannel,
        eventChannel: dataChannel === 25 ? 26 : rng.pick([26, 26, 24]),
        status,
        timeSync,
        gmpVersion: rng.weighted([
          ['2.4.1', 6],
          ['2.3.7', 3],
          ['2.2.0', 1],
        ] as const),
        grmVersion: rng.weighted([
          ['1.9.3', 6],
          ['1.8.12', 3],
          ['1.7.5', 1],
        ] as const),
        upLink: offline ? null : `${rng.float(0.2, 4.5)} Mbps`,
        downLink: offline ? null : `${rng.float(0.5, 9.5)} Mbps`,
        diskUsage: [
          { path: '/', used: rng.int(900, 2400) * MIB, total: 3800 * MIB },
          { path: GATEWAY_RAMDISK_PATH, used: rng.int(8, 48) * MIB, total: 64 * MIB },
          { path: GATEWAY_LOG_DISK_PATH, used: rng.int(2, 28) * MIB, total: 32 * MIB },
        ],
        ramUsage: { used: rng.int(140, 380) * MIB, total: 512 * MIB },
        serviceStatusList: [
          { name: 'grm', status: offline ? 'UNKNOWN' : 'RUNNING', updatedAt: seen.toISOString() },
          { name: 'gmp', status: offline ? 'UNKNOWN' : status === 'ALARM' ? 'STOPPED' : 'RUNNING', updatedAt: seen.toISOString() },
          { name: 'ntp', status: timeSync ? 'RUNNING' : 'STOPPED', updatedAt: seen.toISOString() },
        ],
        note: g === 0 ? 'Back office, above the door' : null,
        lastStatusTime: seen,
        createdAt: minutesAgo(now, 60 * 24 * 60),
        updatedAt: seen,
      });
      list.push({ gwMac, address, storeCode: store.storeCode, status });
    }
    byStore.set(store.storeCode, list);
  }
  await insertRows(db, gateways, rows);
  await seedGatewayHistory(db, rng, now, rows);
  // Channel settings are each store's own (docs/architecture.md §3).
  const channels = [
    [0, 11],
    [1, 15],
    [2, 20],
    [3, 25],
  ] as const;
  await insertRows(
    db,
    gatewayChannels,
    storeList.flatMap((store) =>
      channels.map(([gwIndex, dataChannel]) => ({ storeCode: store.storeCode, gwIndex, dataChannel, eventChannel: 26 })),
    ),
  );
  // Imported ahead of installation for the first store: these gateways have not reported yet.
  await insertRows(
    db,
    predefinedGateways,
    [0, 1, 2, 3].map((i) => ({
      gwMac: `3C1AFF00${hex(i + 1, 4)}`,
      storeCode: storeList[0]?.storeCode,
      dataChannel: rng.pick([11, 15, 20]),
      eventChannel: 26,
    })),
  );
  return byStore;
}

async function seedGatewayHistory(db: Db, rng: Rng, now: Date, rows: (typeof gateways.$inferInsert)[]): Promise<void> {
  const health: (typeof gatewayHealth.$inferInsert)[] = [];
  const alarms: (typeof gatewayAlarmHistory.$inferInsert)[] = [];
  const T = SYSTEM_ALARM_TYPES;
  const alarm = (gw: (typeof rows)[number], type: { code: number; class: 1 | 2 | 3 }, minutes: number) =>
    alarms.push({
      gwMac: gw.gwMac,
      storeCode: gw.storeCode,
      location: gw.storeCode,
      type: type.code,
      class: type.class,
      updatedAt: minutesAgo(now, minutes),
    });

  for (const gw of rows) {
    // An offline gateway stopped reporting some hours ago; its chart ends there.
    const silentFor = gw.status === 'OFFLINE' ? rng.int(9, 40) : 0;
    let ram = rng.int(150, 300);
    let ramdisk = rng.int(10, 40);
    let logDisk = rng.int(2, 12);
    for (let k = SAMPLES - 1; k >= silentFor; k--) {
      ram = Math.min(480, Math.max(100, ram + rng.int(-8, 8)));
      ramdisk = Math.min(62, Math.max(4, ramdisk + rng.int(-2, 2)));
      logDisk = k % 36 === 0 ? 2 : Math.min(31, logDisk + rng.int(0, 1) * 0.5);
      health.push({
        gwMac: gw.gwMac,
        time: minutesAgo(now, k * 10),
        status: gw.status === 'ALARM' && k < 30 ? 'ALARM' : 'NORMAL',
        ramUsed: ram * MIB,
        ramTotal: 512 * MIB,
        ramdiskUsed: ramdisk * MIB,
        ramdiskTotal: 64 * MIB,
        logDiskUsed: Math.round(logDisk * MIB),
        logDiskTotal: 32 * MIB,
      });
    }
    if (gw.gwIndex === 0) {
      alarm(gw, T.GW_RECOVERY_STARTED, 60 * 30);
      alarm(gw, T.GW_RECOVERY_FINISHED, 60 * 30 - 4);
    }
    if (gw.status === 'ALARM') {
      alarm(gw, T.SEND_TO_GW_FAILURE, 60 * 5);
      alarm(gw, T.GW_STATUS_ABNORMAL, 60 * 4);
      alarm(gw, T.GW_STATUS_NORMAL, 60 * 3);
      alarm(gw, T.GW_STATUS_ABNORMAL, 290);
    }
    if (gw.timeSync === 0) {
      alarm(gw, T.GW_TIME_SYNC_NORMAL, 60 * 26);
      alarm(gw, T.GW_TIME_SYNC_ABNORMAL, 60 * 2);
    }
    if (gw.status === 'OFFLINE') alarm(gw, T.GW_STATUS_ABNORMAL, silentFor * 10);
  }
  await insertBulk(db, gatewayHealth, health);
  await insertRows(db, gatewayAlarmHistory, alarms);
}
