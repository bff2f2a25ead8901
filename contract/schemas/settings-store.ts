import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CompanyCode, Literals, Mac, Nullable, Position, StoreCode, Text, Timestamp, wideTable } from './common';
import { Body, GatewayIp, Host, IPv4, PanId, Port } from './admin-common';
import { TAG_STATUS_CHECK_DAYS, TAG_STATUS_CHECK_MANUAL } from './constants-admin';

/** Store, gateway, AMac and sensor configuration (console-admin §3, §5, §7 "Settings"). */

export const TagStatusCheckDay = Literals([...TAG_STATUS_CHECK_DAYS, TAG_STATUS_CHECK_MANUAL]);

export const StoreConfigSchema = Type.Object({
  companyCode: Type.String(),
  storeCode: Type.String(),
  storeName: Type.String(),
  address: Type.String(),
  totalDuration: Type.Number(),
  eventDuration: Type.Number(),
  /** Contention period. */
  cpDuration: Type.Number(),
  oneChannelEnable: Type.Boolean(),
  channelMaskEnable: Type.Boolean(),
  /** Opens channels 27–31 to gateways. */
  outbandEnable: Type.Boolean(),
  notAutoRtnPage: Type.Boolean(),
  showMac: Type.Boolean(),
  hideLed: Type.Boolean(),
  eventLedCtrl: Type.Boolean(),
  baseTimeout: Type.Number(),
  timeoutTag: Type.Number(),
  nfRandomPercent: Type.Integer(),
  nfRetryCnt: Type.Integer(),
  nfBasicSleep: Type.Integer(),
  nfDeepSleepDuration: Type.Integer(),
  enableTagStatusCheck: Type.Boolean(),
  useSensorTag: Type.Boolean(),
  tagStatusCheckDay: Type.String(),
  timeServerIp: Type.String(),
  timeServerPort: Type.Integer(),
  panId: Type.String(),
  position: Nullable(Position),
  enableOtaConfig: Type.Boolean(),
});
export type StoreConfig = Static<typeof StoreConfigSchema>;
export const STORE_CONFIG_TABLE = defineTable({
  fields: { companyCode: 'text', storeCode: 'text', storeName: 'text', address: 'text' },
  defaultOrder: { field: 'storeCode', dir: 'asc' },
});

const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });
const storeSettings = {
  storeName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  address: Type.Optional(Text(500)),
  totalDuration: Seconds,
  eventDuration: Seconds,
  cpDuration: Seconds,
  oneChannelEnable: Type.Optional(Type.Boolean()),
  channelMaskEnable: Type.Optional(Type.Boolean()),
  outbandEnable: Type.Optional(Type.Boolean()),
  notAutoRtnPage: Type.Optional(Type.Boolean()),
  showMac: Type.Optional(Type.Boolean()),
  hideLed: Type.Optional(Type.Boolean()),
  eventLedCtrl: Type.Optional(Type.Boolean()),
  baseTimeout: Seconds,
  timeoutTag: Seconds,
  nfRandomPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  nfRetryCnt: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  nfBasicSleep: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
  nfDeepSleepDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
  enableTagStatusCheck: Type.Optional(Type.Boolean()),
  useSensorTag: Type.Optional(Type.Boolean()),
  tagStatusCheckDay: Type.Optional(TagStatusCheckDay),
  timeServerIp: Type.Optional(Host),
  timeServerPort: Type.Optional(Port),
  panId: Type.Optional(PanId),
  position: Type.Optional(Nullable(Position)),
  enableOtaConfig: Type.Optional(Type.Boolean()),
};

/** With useSubDomain on, the console has already prefixed storeCode with `<companyCode>_`. */
export const StoreCreateBodySchema = Body({ companyCode: CompanyCode, storeCode: StoreCode, ...storeSettings });
export type StoreCreateBody = Static<typeof StoreCreateBodySchema>;
export const StoreUpdateBodySchema = Body({ companyCode: CompanyCode, ...storeSettings });
export type StoreUpdateBody = Static<typeof StoreUpdateBodySchema>;

/** Store migration answers the imported counts, or error_msg when the file was refused. */
export const StoreMigrateAnswerSchema = Type.Object({
  lastTaskId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  tagCount: Type.Optional(Type.Integer()),
  productCount: Type.Optional(Type.Integer()),
  gwCount: Type.Optional(Type.Integer()),
  accountCount: Type.Optional(Type.Integer()),
  error_msg: Type.Optional(Type.String()),
});
export type StoreMigrateAnswer = Static<typeof StoreMigrateAnswerSchema>;

export const StoreTagStatusCheckBodySchema = Body({ storeCode: StoreCode });

// Gateways.

export const GatewayConfigSchema = Type.Object({
  gwMac: Type.String(),
  gwIndex: Type.Integer(),
  channelGroupIndex: Type.Integer(),
  /** address:port */
  ip: Type.String(),
  alternateIp: Type.String(),
  netmask: Type.String(),
  defaultGateway: Type.String(),
  dns: Type.String(),
  eslServerPort: Nullable(Type.Integer()),
  dataChannel: Type.Integer(),
  eventChannel: Type.Integer(),
  status: Type.String(),
  gmpVersion: Type.String(),
  grmVersion: Type.String(),
  note: Type.String(),
  updatedAt: Nullable(Timestamp),
});
export type GatewayConfig = Static<typeof GatewayConfigSchema>;
export const GatewayConfigListSchema = Type.Array(GatewayConfigSchema);

/** Channels 11–31; 27–31 only where the store has outbandEnable, which the server checks. */
const Channel = Type.Integer({ minimum: 11, maximum: 31 });
const gatewaySettings = {
  gwIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
  channelGroupIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
  ip: Type.Optional(GatewayIp),
  alternateIp: Type.Optional(Type.Union([GatewayIp, IPv4, Type.Literal('')])),
  netmask: Type.Optional(IPv4),
  defaultGateway: Type.Optional(IPv4),
  dns: Type.Optional(IPv4),
  eslServerPort: Type.Optional(Port),
  dataChannel: Type.Optional(Channel),
  eventChannel: Type.Optional(Channel),
  note: Type.Optional(Text(500)),
};
export const GatewayConfigBodySchema = Body(gatewaySettings);
export type GatewayConfigBody = Static<typeof GatewayConfigBodySchema>;
/** Update of ALL gateways: only the changed ones are sent ("No changed!" otherwise). */
export const GatewayConfigAllBodySchema = Body({
  gwList: Type.Array(Body({ gwMac: Mac, ...gatewaySettings }), { minItems: 1, maxItems: 1000 }),
});
export type GatewayConfigAllBody = Static<typeof GatewayConfigAllBodySchema>;
export const GatewayConfigAllAnswerSchema = Type.Object({ gwOK: Type.Array(Type.String()), gwNG: Type.Array(Type.String()) });
export type GatewayConfigAllAnswer = Static<typeof GatewayConfigAllAnswerSchema>;
export const GatewayConfigParamsSchema = Type.Object({ storeCode: StoreCode, gwMac: Mac });

// AMac.

export const AMacSchema = Type.Object({ abstractCode: Type.String(), abstractData: Type.String() });
export type AMac = Static<typeof AMacSchema>;
export const AMacListSchema = Type.Array(AMacSchema);
const AbstractCode = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });
export const AMacBodySchema = Body({
  abstractCode: AbstractCode,
  abstractData: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }),
});
export type AMacBody = Static<typeof AMacBodySchema>;
export const AMacUpdateBodySchema = Body({ abstractData: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) });
export const AMacParamsSchema = Type.Object({ abstractCode: AbstractCode });

// Sensor config: sensor name → number, only non-zero entries.

/** Checked again by the route: TypeBox's defaults walk cannot take a record with additionalProperties false. */
export const SENSOR_NAME = /^[A-Za-z0-9_]{1,32}$/;
const SensorName = Type.String({ pattern: SENSOR_NAME.source });
export const StoreSensorConfigSchema = Type.Record(Type.String(), Type.Number());
export type StoreSensorConfig = Static<typeof StoreSensorConfigSchema>;
export const StoreSensorConfigBodySchema = Type.Record(SensorName, Type.Number({ minimum: -1e9, maximum: 1e9, not: { const: 0 } }), {
  maxProperties: 64,
});
export type StoreSensorConfigBody = Static<typeof StoreSensorConfigBodySchema>;

// Table requests and pages.

export const StoreConfigListRequestSchema = tableRequestSchema(wideTable(STORE_CONFIG_TABLE));
export const StoreConfigListPageSchema = tablePageSchema(StoreConfigSchema);

// Address search of the store position picker: answered in the shape of a Nominatim `/search?format=json`, so that
// the console reads the configured geocoder and the server's packaged gazetteer alike.

export const GEOCODE_LIMIT_MAX = 20;
export const GeocodeQuerySchema = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GEOCODE_LIMIT_MAX })),
  },
  { additionalProperties: false },
);
export const GeocodePlaceSchema = Type.Object({ display_name: Type.String(), lat: Type.String(), lon: Type.String() });
export type GeocodePlace = Static<typeof GeocodePlaceSchema>;
export const GeocodeAnswerSchema = Type.Array(GeocodePlaceSchema);
