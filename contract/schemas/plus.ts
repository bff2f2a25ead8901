import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { HealthStatus, Literals, Mac, Nullable, Position, PrCode, StoreCode, Timestamp, wideTable } from './common';
import { Body, DevList, MacList, PrCodeList } from './admin-common';
import { INFO_VIEW_DURATION, PLUS_BRIGHTNESS, PLUS_VOLUME_LIMIT, SHOW_OBJECT_TYPES } from './constants-plus';

/*
 * Plus signage devices and their shows (plus-signage §3, §7.2). MACs in bodies are the Mac primitive; the server
 * answers them normalised as 'aa:bb:cc:dd:ee:ff' (NOTES.md 5).
 */

export const PLUS_OVERVIEW_TYPES = ['device', 'image', 'video', 'widget', 'template', 'schedule'] as const;
export const PlusOverviewType = Literals(PLUS_OVERVIEW_TYPES);
export type PlusOverviewType = Static<typeof PlusOverviewType>;

/** One store in the overviews; total/online/offline count what the overview is about. */
export const PlusStoreSummarySchema = Type.Object({
  storeName: Type.String(),
  storeCode: Type.String(),
  status: HealthStatus,
  total: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  position: Nullable(Position),
});
export type PlusStoreSummary = Static<typeof PlusStoreSummarySchema>;
export const PlusStoreSummaryListSchema = Type.Array(PlusStoreSummarySchema);
export const PlusOverviewParamsSchema = Type.Object({ type: PlusOverviewType });

export const PlusStoreInfoSchema = Type.Object({ companyCode: Type.String(), storeCode: Type.String(), storeName: Type.String() });
export type PlusStoreInfo = Static<typeof PlusStoreInfoSchema>;
export const PLUS_STORE_TABLE = defineTable({
  fields: { companyCode: 'text', storeCode: 'text', storeName: 'text' },
  defaultOrder: { field: 'storeName', dir: 'asc' },
});

export const PlusNetworkSchema = Type.Object(
  { ssid: Type.Optional(Type.String()), rssi: Type.Number() },
  // Devices report more about a network than the spec names; pass it through.
  { additionalProperties: true },
);

export const PlusDeviceSchema = Type.Object({
  _id: Type.String(),
  mac: Type.String(),
  name: Type.String(),
  model: Type.String(),
  ver: Type.String(),
  player: Type.String(),
  launcher: Type.String(),
  /** '' when the device has no template. */
  template: Type.String(),
  /** ONLINE, otherwise offline. */
  status: Type.String(),
  recvTime: Nullable(Timestamp),
  /** The fixed show index (pin icon), null when unset. */
  showIdx: Nullable(Type.Integer()),
  storeCode: Type.String(),
  tz: Type.String(),
  volume: Type.Integer(),
  maxVolume: Type.Integer(),
  brightness: Type.Integer(),
  localNtpServer: Type.Boolean(),
  networks: Type.Array(PlusNetworkSchema),
  product: Type.Array(Type.String()),
});
export type PlusDevice = Static<typeof PlusDeviceSchema>;
export const PLUS_DEVICE_TABLE = defineTable({
  fields: {
    mac: 'text',
    name: 'text',
    model: 'enum',
    ver: 'text',
    player: 'text',
    launcher: 'text',
    template: 'text',
    status: 'enum',
    product: 'text',
    recvTime: 'date',
  },
  defaultOrder: { field: 'recvTime', dir: 'desc' },
  dateField: 'recvTime',
});

export const PlusDeviceInfoSchema = Type.Object({
  name: Type.String(),
  volume: Type.Integer(),
  maxVolume: Type.Integer(),
  brightness: Type.Integer(),
  localNtpServer: Type.Boolean(),
  /** Sorted by rssi, strongest first. */
  networks: Type.Array(PlusNetworkSchema),
  product: Type.Array(Type.String()),
  template: Type.String(),
  tz: Type.String(),
});
export type PlusDeviceInfo = Static<typeof PlusDeviceInfoSchema>;

/** An IANA time-zone name. */
export const TimeZone = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_+\\-]*(/[A-Za-z0-9_+\\-]+)*$' });

/** Autosaved from the info dialog; volume is also checked against the device's own maxVolume. */
export const PlusDeviceConfigBodySchema = Body({
  storeCode: StoreCode,
  mac: Mac,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  volume: Type.Optional(Type.Integer({ minimum: 0, maximum: PLUS_VOLUME_LIMIT })),
  brightness: Type.Optional(Type.Integer({ minimum: PLUS_BRIGHTNESS.min, maximum: PLUS_BRIGHTNESS.max })),
  tz: Type.Optional(TimeZone),
  localNtpServer: Type.Optional(Type.Boolean()),
});
export type PlusDeviceConfigBody = Static<typeof PlusDeviceConfigBodySchema>;

// Assign, deassign, blink, search (the handheld's calls).

export const PlusAssignBodySchema = Body({
  devList: Type.Array(Body({ mac: Mac, product: PrCodeList(100) }), { minItems: 1, maxItems: 1000 }),
  storeCode: StoreCode,
});
export type PlusAssignBody = Static<typeof PlusAssignBodySchema>;
export const PlusDeassignBodySchema = Body({ devList: DevList(), storeCode: StoreCode });
export type PlusDeassignBody = Static<typeof PlusDeassignBodySchema>;
export const PlusBlinkBodySchema = Body({ prCode: PrCode });
export type PlusBlinkBody = Static<typeof PlusBlinkBodySchema>;
/** How many devices the call changed (assign, deassign) or reached (blink). */
export const PlusDeviceCountAnswerSchema = Type.Object({
  success: Type.Boolean(),
  count: Type.Integer(),
  message: Type.Optional(Type.String()),
});
export type PlusDeviceCountAnswer = Static<typeof PlusDeviceCountAnswerSchema>;

export const PlusSearchQuerySchema = Type.Object(
  { keyword: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const PlusSearchAnswerSchema = Type.Object({
  devList: Type.Array(
    Type.Object({
      mac: Type.String(),
      name: Type.String(),
      model: Type.String(),
      status: Type.String(),
      product: Type.Array(Type.String()),
    }),
  ),
  prCodeList: Type.Array(Type.String()),
});
export type PlusSearchAnswer = Static<typeof PlusSearchAnswerSchema>;

// Device commands.

/** macList is a list or 'all' (every device of the store). Mode names are the devices' own (not shown). */
export const PlusSwitchModeBodySchema = Body({
  macList: Type.Union([MacList(), Type.Literal('all')]),
  mode: Type.String({ minLength: 1, maxLength: 32 }),
});
export type PlusSwitchModeBody = Static<typeof PlusSwitchModeBodySchema>;
export const PlusInfoViewBodySchema = Body({
  devList: DevList(),
  duration: Type.Integer({ minimum: INFO_VIEW_DURATION.min, maximum: INFO_VIEW_DURATION.max }),
});
export type PlusInfoViewBody = Static<typeof PlusInfoViewBodySchema>;
/** Sync and reboot. */
export const PlusDevListBodySchema = Body({ devList: DevList() });
export type PlusDevListBody = Static<typeof PlusDevListBodySchema>;
/** Remove devices, unset the fixed show index. */
export const PlusMacListBodySchema = Body({ macList: MacList() });
export type PlusMacListBody = Static<typeof PlusMacListBodySchema>;
export const PlusShowIdxBodySchema = Body({ macList: MacList(), showIdx: Type.Integer({ minimum: 0, maximum: 99 }) });
export type PlusShowIdxBody = Static<typeof PlusShowIdxBodySchema>;

/**
 * Link devices to a template. An empty template unlinks them (their own show list stays). flag true copies the
 * template's show onto the devices; false links without overwriting (a template just saved from the device).
 */
export const PlusDeviceTemplateBodySchema = Body({
  macList: MacList(),
  template: Type.String({ maxLength: 100 }),
  flag: Type.Boolean(),
});
export type PlusDeviceTemplateBody = Static<typeof PlusDeviceTemplateBodySchema>;

// Shows.

const Coord = Type.Number({ minimum: -20_000, maximum: 20_000 });
export const ShowObjectSchema = Body({
  type: Literals(SHOW_OBJECT_TYPES),
  /** Asset id, a URL for a webpage (http:// added on save), or the product number for a product object. */
  id: Type.Union([Type.String({ maxLength: 2048 }), Type.Integer({ minimum: 0, maximum: 10_000 })]),
  left: Coord,
  top: Coord,
  width: Coord,
  height: Coord,
  fixed: Type.Optional(Type.Boolean()),
  /** Show index to jump to on a touch. */
  clickShow: Type.Optional(Type.Integer({ minimum: -1, maximum: 99 })),
  autoSize: Type.Optional(Type.Boolean()),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type ShowObject = Static<typeof ShowObjectSchema>;

/** One slide; the same schema is answered and accepted (a show list round-trips through the editor). */
export const ShowSchema = Body({
  duration: Type.Number({ minimum: 1, maximum: 86_400 }),
  clickDuration: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
  bgColor: Type.String({ maxLength: 9, pattern: '^#[0-9A-Fa-f]{3,8}$' }),
  empty: Type.Boolean(),
  /** Plus schedule ids. */
  schedule: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
  object: Type.Array(ShowObjectSchema, { maxItems: 100 }),
});
export type Show = Static<typeof ShowSchema>;
export const ShowList = Type.Array(ShowSchema, { maxItems: 100 });

export const DeviceShowDataSchema = Type.Object({
  screenWidth: Type.Integer(),
  screenHeight: Type.Integer(),
  show: Type.Array(ShowSchema),
  /** Index of the product show (locked first when 0), null when the device has none. */
  productShowIdx: Nullable(Type.Integer()),
});
export type DeviceShowData = Static<typeof DeviceShowDataSchema>;
export const DeviceShowSaveBodySchema = Body({
  show: ShowList,
  productShowIdx: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 99 }))),
});
export type DeviceShowSaveBody = Static<typeof DeviceShowSaveBodySchema>;
/** The device's template after the save: '' when the saved list differed and the device was detached. */
export const DeviceShowSaveAnswerSchema = Type.Object({ success: Type.Boolean(), template: Type.String() });
export type DeviceShowSaveAnswer = Static<typeof DeviceShowSaveAnswerSchema>;

/** Camera (vision) and screen captures of a device. */
export const PLUS_CAPTURE_KINDS = ['vision', 'screen'] as const;
export const PlusCaptureInfoSchema = Type.Object({ updatedAt: Nullable(Timestamp) });
export type PlusCaptureInfo = Static<typeof PlusCaptureInfoSchema>;

export const PlusDeviceParamsSchema = Type.Object({ storeCode: StoreCode, mac: Mac });
export const PlusCaptureParamsSchema = Type.Object({ storeCode: StoreCode, mac: Mac, kind: Literals(PLUS_CAPTURE_KINDS) });

// Table requests and pages.

export const PlusStoreListRequestSchema = tableRequestSchema(wideTable(PLUS_STORE_TABLE));
export const PlusStoreListPageSchema = tablePageSchema(PlusStoreInfoSchema);
export const PlusDeviceListRequestSchema = tableRequestSchema(wideTable(PLUS_DEVICE_TABLE));
export const PlusDeviceListPageSchema = tablePageSchema(PlusDeviceSchema);
