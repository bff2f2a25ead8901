import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Literals, Mac, Timestamp, wideTable } from './common';
import { Body, Id, IdList } from './admin-common';
import { V1_DEVICE_TYPES, V1_SET_PRICE_ITEM } from './constants-plus';
import { PeriodSchema, TimeRangeSchema, WeekDays } from './plus-assets';

/** Plus v1: multi-device shows, sets and timelines (plus-signage §3, §4 show editor steps, §5, §7.4). */

export const V1DeviceType = Literals(V1_DEVICE_TYPES);
const Px = Type.Integer({ minimum: 0, maximum: 20_000 });
const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });
// spec: plus §5.15, plus §5.16, plus §5.20 — names are never blank
const NonBlank = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const V1ShowDeviceSchema = Body({
  type: V1DeviceType,
  width: Px,
  height: Px,
  left: Px,
  top: Px,
  rotation: Type.Integer({ minimum: 0, maximum: 359 }),
});
export const V1ContentAreaSchema = Body({ left: Px, top: Px, width: Px, height: Px });
/** index and name exist only inside the editor; the server keeps content id and start. */
export const V1TimelineEntrySchema = Body({
  id: Id,
  start: Seconds,
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
/** 'RxC' or '-' (no areas). */
export const ContentLayout = Type.String({ maxLength: 7, pattern: '^(-|\\d{1,2}x\\d{1,2})$' });
export const DeviceTypeCountSchema = Body({
  '23': Type.Integer({ minimum: 0, maximum: 64 }),
  '29': Type.Integer({ minimum: 0, maximum: 64 }),
});

export const V1ShowSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** 'WxH' */
  resolution: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  deviceCount: Type.Integer(),
  contentCount: Type.Integer(),
  contentAreaCount: Type.Integer(),
  contentLayout: Type.String(),
  timelineCount: Type.Integer(),
  device: Type.Array(V1ShowDeviceSchema),
  duration: Type.Number(),
  contentArea: Type.Array(V1ContentAreaSchema),
  contentIdList: Type.Array(Type.String()),
  /** One list per content area. */
  timeline: Type.Array(Type.Array(V1TimelineEntrySchema)),
  deviceTypeCount: DeviceTypeCountSchema,
  user: Type.String(),
  updatedAt: Timestamp,
});
export type V1Show = Static<typeof V1ShowSchema>;
export const V1_SHOW_TABLE = defineTable({
  fields: { id: 'enum', name: 'text', resolution: 'text', user: 'text', deviceCount: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

/**
 * Create (no id) or replace a show. The counts, resolution, user and updatedAt are recomputed by the server;
 * they are accepted so that an exported show file can be imported as it is.
 */
export const V1ShowSaveBodySchema = Body({
  id: Type.Optional(Id),
  name: NonBlank,
  duration: Type.Number({ minimum: 1, maximum: 86_400 }),
  width: Px,
  height: Px,
  contentLayout: ContentLayout,
  device: Type.Array(V1ShowDeviceSchema, { maxItems: 128 }),
  contentArea: Type.Array(V1ContentAreaSchema, { maxItems: 100 }),
  timeline: Type.Array(Type.Array(V1TimelineEntrySchema, { maxItems: 500 }), { maxItems: 100 }),
  contentIdList: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  deviceTypeCount: Type.Optional(DeviceTypeCountSchema),
  resolution: Type.Optional(Type.String({ maxLength: 16 })),
  deviceCount: Type.Optional(Type.Integer({ minimum: 0 })),
  contentCount: Type.Optional(Type.Integer({ minimum: 0 })),
  contentAreaCount: Type.Optional(Type.Integer({ minimum: 0 })),
  timelineCount: Type.Optional(Type.Integer({ minimum: 0 })),
  user: Type.Optional(Type.String({ maxLength: 254 })),
  updatedAt: Type.Optional(Type.String({ maxLength: 40 })),
});
export type V1ShowSaveBody = Static<typeof V1ShowSaveBodySchema>;
export const V1SaveAnswerSchema = Type.Object({ success: Type.Boolean(), id: Type.String() });
export type V1SaveAnswer = Static<typeof V1SaveAnswerSchema>;

// Sets.

export const V1SetItemSchema = Body({
  /** A show id, or 'price' for the price entry. */
  id: Type.Union([Id, Type.Literal(V1_SET_PRICE_ITEM)]),
  duration: Type.Number({ minimum: 1, maximum: 86_400 }),
});
export const V1SetSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  duration: Type.Number(),
  list: Type.Array(V1SetItemSchema),
  user: Type.String(),
  updatedAt: Timestamp,
});
export type V1Set = Static<typeof V1SetSchema>;
export const V1_SET_TABLE = defineTable({
  fields: { id: 'enum', name: 'text', user: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
/** "No item. Please select one or more show / price)." when the list is empty. */
export const V1SetSaveBodySchema = Body({
  id: Type.Optional(Id),
  name: NonBlank,
  duration: Type.Number({ minimum: 1, maximum: 86_400 }),
  list: Type.Array(V1SetItemSchema, { minItems: 1, maxItems: 500 }),
});
export type V1SetSaveBody = Static<typeof V1SetSaveBodySchema>;

// Timelines.

/** A set played over a period, on some days, in some time ranges. */
export const V1TimelineScheduleSchema = Type.Object({
  id: Type.String(),
  period: Type.Optional(PeriodSchema),
  days: Type.Optional(Type.Array(Type.Integer())),
  time: Type.Optional(Type.Array(TimeRangeSchema)),
});
/** Period, days and time are each optional, but an entry must carry at least one of them. */
// spec: plus §5.14 — period, days and time each optional, not all missing
export const V1TimelineScheduleInputSchema = Type.Object(
  {
    id: Id,
    period: Type.Optional(PeriodSchema),
    days: Type.Optional(WeekDays),
    time: Type.Optional(Type.Array(TimeRangeSchema, { maxItems: 24 })),
  },
  { additionalProperties: false, minProperties: 2 },
);

export const V1TimelineSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scheduleCount: Type.Integer(),
  deviceCount: Type.Integer(),
  user: Type.String(),
  updatedAt: Timestamp,
  schedule: Type.Array(V1TimelineScheduleSchema),
  /** Per slot, the MACs of the devices in it. */
  device: Type.Array(Type.Array(Type.String())),
});
export type V1Timeline = Static<typeof V1TimelineSchema>;
export const V1_TIMELINE_TABLE = defineTable({
  fields: { id: 'enum', name: 'text', user: 'text', scheduleCount: 'number', deviceCount: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
/** One of name, schedule or device per save (the three editors); without id, a new timeline with its name. */
export const V1TimelineSaveBodySchema = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.Optional(NonBlank),
    schedule: Type.Optional(Type.Array(V1TimelineScheduleInputSchema, { maxItems: 500 })),
    device: Type.Optional(Type.Array(Type.Array(Mac, { maxItems: 128 }), { maxItems: 128 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type V1TimelineSaveBody = Static<typeof V1TimelineSaveBodySchema>;

export const V1IdListBodySchema = Body({ idList: IdList() });
export type V1IdListBody = Static<typeof V1IdListBodySchema>;

// Table requests and pages.

export const V1ShowListRequestSchema = tableRequestSchema(wideTable(V1_SHOW_TABLE));
export const V1ShowListPageSchema = tablePageSchema(V1ShowSchema);
export const V1SetListRequestSchema = tableRequestSchema(wideTable(V1_SET_TABLE));
export const V1SetListPageSchema = tablePageSchema(V1SetSchema);
export const V1TimelineListRequestSchema = tableRequestSchema(wideTable(V1_TIMELINE_TABLE));
export const V1TimelineListPageSchema = tablePageSchema(V1TimelineSchema);
