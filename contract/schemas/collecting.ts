import { Type, type Static } from 'typebox';
import { Literals, StoreCode } from './common';
import { PUSH_TYPE_COLLECTING, PUSH_TYPE_TAG_STATUS } from './constants-core';

/*
 * Commands of a tag status collection. The spec names the kinds only by their labels (Tag Status Check,
 * Battery Check, Gateway Scan, otherwise All Tag Status Collect); the wire values are our choice.
 */
export const COLLECT_CMDS = ['TAG_STATUS_CHECK', 'BATTERY_CHECK', 'GATEWAY_SCAN', 'ALL_TAG_STATUS_COLLECT'] as const;
export const CollectCmdSchema = Literals(COLLECT_CMDS);
export type CollectCmd = Static<typeof CollectCmdSchema>;
/** cmd of a collecting item that is an OTA job rather than a status collection. */
export const OTA_CMD = 'OTA';

export const CollectingDetailSchema = Type.Object({
  /** A CollectCmd or OTA_CMD; other values read as All Tag Status Collect. */
  cmd: Type.String(),
  companyCode: Type.String(),
  otaType: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  _id: Type.String(),
});
export type CollectingDetail = Static<typeof CollectingDetailSchema>;

// spec: core §3.11 — collecting item: storeCode, storeName, detail
export const CollectingItemSchema = Type.Object({
  storeCode: Type.String(),
  storeName: Type.String(),
  detail: CollectingDetailSchema,
});
export type CollectingItem = Static<typeof CollectingItemSchema>;

export const CollectingListSchema = Type.Array(CollectingItemSchema);
export type CollectingList = Static<typeof CollectingListSchema>;

/** Stop one collecting item: the server stops the OTA job or the status check it names. */
export const CollectingStopBodySchema = Type.Object(
  {
    storeCode: StoreCode,
    cmd: Type.String({ minLength: 1, maxLength: 64 }),
    _id: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type CollectingStopBody = Static<typeof CollectingStopBodySchema>;

// ---- Live push messages (NOTES.md 6) ----

export const CollectingPushSchema = Type.Object({ type: Type.Literal(PUSH_TYPE_COLLECTING), data: CollectingListSchema });
export const TagStatusPushSchema = Type.Object({
  type: Type.Literal(PUSH_TYPE_TAG_STATUS),
  // One message per store per change batch: every tag that changed together.
  data: Type.Array(
    Type.Object({
      storeCode: Type.String(),
      tagMac: Type.String(),
      barcode: Type.String(),
      status: Type.String(),
      updatedAt: Type.Optional(Type.String()),
    }),
  ),
});
export const PushMessageSchema = Type.Union([CollectingPushSchema, TagStatusPushSchema]);
export type PushMessage = Static<typeof PushMessageSchema>;
