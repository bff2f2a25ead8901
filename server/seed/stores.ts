import { COMPANY_DEFAULTS, STORE_DEFAULTS } from '../../contract/schemas/constants-admin';
import type { Db } from '../db/client';
import { companies, stores, type HealthStatus } from '../db/schema/index';
import { Rng } from './random';
import { insertRows } from './insert';

export type Scale = 'demo' | 'test';

export interface CompanyDef {
  companyCode: string;
  companyName: string;
  address: string;
  /** Faker locale of the company's product names. */
  locale: 'ja' | 'de' | 'it';
  /** GS1 prefix + company number: the first 6 digits of its EAN-13 product codes. */
  eanPrefix: string;
}

export const COMPANIES: CompanyDef[] = [
  {
    companyCode: 'ACME',
    companyName: 'Acme Retail Asia',
    address: '1-9-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan',
    locale: 'ja',
    eanPrefix: '490123',
  },
  {
    companyCode: 'NORD',
    companyName: 'Nordmarkt International',
    address: 'Friedrichstraße 68, 10117 Berlin, Germany',
    locale: 'de',
    eanPrefix: '400456',
  },
  {
    companyCode: 'COOP',
    companyName: 'Coop Italia Demo',
    address: 'Via del Lavoro 6, 40127 Bologna, Italy',
    locale: 'it',
    eanPrefix: '800789',
  },
];

export interface StoreDef {
  storeCode: string;
  companyCode: string;
  storeName: string;
  address: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  status: HealthStatus;
  /** Part of the small 'test' scale too (six stores, every company, every status). */
  inTest: boolean;
  /** Share of the demo tag total. */
  weight: number;
}

// Real positions, so that the map view places markers where the cities are.
const STORE_LIST: StoreDef[] = [
  {
    storeCode: 'TKY001',
    companyCode: 'ACME',
    storeName: 'Acme Shibuya',
    address: '2-24-1 Shibuya, Shibuya-ku, Tokyo 150-0002',
    latitude: 35.6595,
    longitude: 139.7005,
    timeZone: 'Asia/Tokyo',
    status: 'NORMAL',
    inTest: true,
    weight: 1.6,
  },
  {
    storeCode: 'TKY002',
    companyCode: 'ACME',
    storeName: 'Acme Shinjuku',
    address: '3-38-1 Shinjuku, Shinjuku-ku, Tokyo 160-0022',
    latitude: 35.6909,
    longitude: 139.7003,
    timeZone: 'Asia/Tokyo',
    status: 'ALARM',
    inTest: true,
    weight: 1.3,
  },
  {
    storeCode: 'OSK001',
    companyCode: 'ACME',
    storeName: 'Acme Umeda',
    address: '3-1-3 Umeda, Kita-ku, Osaka 530-0001',
    latitude: 34.7025,
    longitude: 135.4959,
    timeZone: 'Asia/Tokyo',
    status: 'NORMAL',
    inTest: false,
    weight: 1.2,
  },
  {
    storeCode: 'SEL001',
    companyCode: 'ACME',
    storeName: 'Acme Gangnam',
    address: '396 Gangnam-daero, Gangnam-gu, Seoul 06232',
    latitude: 37.4979,
    longitude: 127.0276,
    timeZone: 'Asia/Seoul',
    status: 'NORMAL',
    inTest: true,
    weight: 1.1,
  },
  {
    storeCode: 'BSN001',
    companyCode: 'ACME',
    storeName: 'Acme Haeundae',
    address: '264 Haeundaehaebyeon-ro, Haeundae-gu, Busan 48099',
    latitude: 35.1631,
    longitude: 129.1636,
    timeZone: 'Asia/Seoul',
    status: 'ALARM',
    inTest: false,
    weight: 0.8,
  },
  {
    storeCode: 'SYD001',
    companyCode: 'ACME',
    storeName: 'Acme Sydney CBD',
    address: '500 George St, Sydney NSW 2000, Australia',
    latitude: -33.8731,
    longitude: 151.2065,
    timeZone: 'Australia/Sydney',
    status: 'NORMAL',
    inTest: false,
    weight: 0.8,
  },
  {
    storeCode: 'LON001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Oxford Street',
    address: '214 Oxford St, London W1D 1LA, United Kingdom',
    latitude: 51.5154,
    longitude: -0.141,
    timeZone: 'Europe/London',
    status: 'NORMAL',
    inTest: true,
    weight: 1.3,
  },
  {
    storeCode: 'BER001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Alexanderplatz',
    address: 'Alexanderplatz 9, 10178 Berlin, Germany',
    latitude: 52.5219,
    longitude: 13.4132,
    timeZone: 'Europe/Berlin',
    status: 'OFFLINE',
    inTest: true,
    weight: 1.0,
  },
  {
    storeCode: 'PAR001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Rivoli',
    address: '120 Rue de Rivoli, 75001 Paris, France',
    latitude: 48.86,
    longitude: 2.344,
    timeZone: 'Europe/Paris',
    status: 'NORMAL',
    inTest: false,
    weight: 1.0,
  },
  {
    storeCode: 'NYC001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Union Square',
    address: '4 Union Square S, New York, NY 10003, USA',
    latitude: 40.7347,
    longitude: -73.9903,
    timeZone: 'America/New_York',
    status: 'ALARM',
    inTest: false,
    weight: 1.2,
  },
  {
    storeCode: 'CHI001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Loop',
    address: '111 N State St, Chicago, IL 60602, USA',
    latitude: 41.8837,
    longitude: -87.6278,
    timeZone: 'America/Chicago',
    status: 'NORMAL',
    inTest: false,
    weight: 0.9,
  },
  {
    storeCode: 'SAO001',
    companyCode: 'NORD',
    storeName: 'Nordmarkt Paulista',
    address: 'Av. Paulista 1578, São Paulo - SP, 01310-200, Brazil',
    latitude: -23.5613,
    longitude: -46.6565,
    timeZone: 'America/Sao_Paulo',
    status: 'NORMAL',
    inTest: false,
    weight: 0.8,
  },
  {
    storeCode: 'MIL001',
    companyCode: 'COOP',
    storeName: 'Coop Milano Duomo',
    address: 'Piazza del Duomo 21, 20122 Milano, Italy',
    latitude: 45.4641,
    longitude: 9.1919,
    timeZone: 'Europe/Rome',
    status: 'NORMAL',
    inTest: true,
    weight: 1.0,
  },
  {
    storeCode: 'ROM001',
    companyCode: 'COOP',
    storeName: 'Coop Roma Termini',
    address: 'Piazza dei Cinquecento, 00185 Roma, Italy',
    latitude: 41.901,
    longitude: 12.5016,
    timeZone: 'Europe/Rome',
    status: 'NORMAL',
    inTest: false,
    weight: 1.0,
  },
  {
    storeCode: 'BOL001',
    companyCode: 'COOP',
    storeName: 'Coop Bologna Centro',
    address: 'Via Rizzoli 7, 40125 Bologna, Italy',
    latitude: 44.494,
    longitude: 11.3457,
    timeZone: 'Europe/Rome',
    status: 'NORMAL',
    inTest: false,
    weight: 0.7,
  },
];

/** The stores of a scale; `index` (1-based, stable per store code) names the store in tag and gateway MACs. */
export function storesFor(scale: Scale): (StoreDef & { index: number })[] {
  return STORE_LIST.map((s, i) => ({ ...s, index: i + 1 })).filter((s) => scale === 'demo' || s.inTest);
}

export const companyOf = (code: string) => COMPANIES.find((c) => c.companyCode === code)!;

export async function seedCompaniesAndStores(db: Db, scale: Scale, seed: number, now: Date): Promise<void> {
  await insertRows(
    db,
    companies,
    COMPANIES.map((c) => ({
      companyCode: c.companyCode,
      companyName: c.companyName,
      address: c.address,
      ...COMPANY_DEFAULTS,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const rng = Rng.of(seed, 'stores');
  await insertRows(
    db,
    stores,
    storesFor(scale).map((s) => ({
      storeCode: s.storeCode,
      companyCode: s.companyCode,
      storeName: s.storeName,
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      status: s.status,
      ...STORE_DEFAULTS,
      // A few stores differ from the defaults, so that the store settings screens show more than one value.
      tagStatusCheckDay: rng.pick(['SUN', 'SUN', 'WED', 'SAT'] as const),
      enableTagStatusCheck: s.index % 3 === 1,
      useSensorTag: SENSOR_STORES.includes(s.storeCode),
      outbandEnable: s.storeCode === 'NYC001',
      enableOtaConfig: s.index % 4 === 1,
      timeServerIp: COMPANY_DEFAULTS.timeServerIp,
      timeServerPort: COMPANY_DEFAULTS.timeServerPort,
      panId: COMPANY_DEFAULTS.panId,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** Stores with sensors and Plus signage (present at both scales). */
export const SENSOR_STORES = ['TKY001', 'LON001', 'MIL001', 'OSK001'];
export const PLUS_STORES = ['TKY001', 'SEL001', 'LON001', 'MIL001', 'NYC001', 'PAR001'];
