import { StoreCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  DeviceShowDataSchema,
  DeviceShowSaveAnswerSchema,
  DeviceShowSaveBodySchema,
  PlusAssignBodySchema,
  PlusBlinkBodySchema,
  PlusCaptureInfoSchema,
  PlusCaptureParamsSchema,
  PlusDeassignBodySchema,
  PlusDevListBodySchema,
  PlusDeviceConfigBodySchema,
  PlusDeviceCountAnswerSchema,
  PlusDeviceInfoSchema,
  PlusDeviceListPageSchema,
  PlusDeviceListRequestSchema,
  PlusDeviceParamsSchema,
  PlusDeviceTemplateBodySchema,
  PlusInfoViewBodySchema,
  PlusMacListBodySchema,
  PlusOverviewParamsSchema,
  PlusSearchAnswerSchema,
  PlusSearchQuerySchema,
  PlusShowIdxBodySchema,
  PlusStoreInfoSchema,
  PlusStoreListPageSchema,
  PlusStoreListRequestSchema,
  PlusStoreSummaryListSchema,
  PlusSwitchModeBodySchema,
} from '../schemas/plus';
import { endpoint } from './define';

const plusRead = { section: 'plus', need: 'read' } as const;
const plusWrite = { section: 'plus', need: 'write' } as const;

// Plus stores and devices. The spec shows no paths here (NOTES.md 12): ours follow its one known plus path,
// POST /plus/store/:storeCode/:type/file, putting the store first for store-scoped commands.
export const plusEndpoints = {
  // Every store with counts for one overview (device, image, video, widget, template, schedule); the table
  // pages in the browser, the map needs them all.
  plusStoreOverview: endpoint({
    method: 'GET',
    path: '/plus/overview/:type',
    access: plusRead,
    params: PlusOverviewParamsSchema,
    response: PlusStoreSummaryListSchema,
  }),
  // The paged store list (print: 10 rows).
  plusStoreList: endpoint({
    method: 'POST',
    path: '/plus/store/list',
    access: plusRead,
    body: PlusStoreListRequestSchema,
    response: PlusStoreListPageSchema,
  }),
  // The store's name for the per-store pages, without store_config read.
  plusStoreInfo: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    response: PlusStoreInfoSchema,
  }),
  plusDeviceList: endpoint({
    method: 'POST',
    path: '/plus/device/list/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    body: PlusDeviceListRequestSchema,
    response: PlusDeviceListPageSchema,
  }),

  // The handheld's calls. Assign and deassign are replayed from the outbox; blink is never queued.
  plusAssign: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/assign',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusAssignBodySchema,
    response: PlusDeviceCountAnswerSchema,
    idempotent: true,
  }),
  plusDeassign: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/deassign',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusDeassignBodySchema,
    response: PlusDeviceCountAnswerSchema,
    idempotent: true,
  }),
  plusBlink: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/blink',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusBlinkBodySchema,
    response: PlusDeviceCountAnswerSchema,
  }),
  plusSearch: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode/search',
    access: plusRead,
    params: StoreCodeParams,
    query: PlusSearchQuerySchema,
    response: PlusSearchAnswerSchema,
  }),

  // Device commands of the list's toolbar.
  plusSwitchMode: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/mode',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusSwitchModeBodySchema,
    response: OkAnswer,
  }),
  plusInfoView: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/info/view',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusInfoViewBodySchema,
    response: OkAnswer,
  }),
  plusSync: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/sync',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusDevListBodySchema,
    response: OkAnswer,
  }),
  plusReboot: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/reboot',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusDevListBodySchema,
    response: OkAnswer,
  }),
  plusDeviceRemove: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/device/remove',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusMacListBodySchema,
    response: OkAnswer,
  }),
  plusShowIdxSet: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/showidx',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusShowIdxBodySchema,
    response: OkAnswer,
  }),
  plusShowIdxUnset: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/showidx/unset',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusMacListBodySchema,
    response: OkAnswer,
  }),
  // savePlusDeviceTemplate: apply a template to devices, or unlink them with an empty template.
  plusDeviceTemplateSave: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/device/template',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusDeviceTemplateBodySchema,
    response: OkAnswer,
  }),

  // One device.
  plusDeviceInfo: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode/device/:mac/info',
    access: plusRead,
    params: PlusDeviceParamsSchema,
    response: PlusDeviceInfoSchema,
  }),
  // The spec's body carries storeCode and mac, so the path does not repeat them.
  plusDeviceConfigSave: endpoint({
    method: 'POST',
    path: '/plus/device/config',
    access: plusWrite,
    body: PlusDeviceConfigBodySchema,
    response: OkAnswer,
  }),
  plusDeviceShow: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode/device/:mac/show',
    access: plusRead,
    params: PlusDeviceParamsSchema,
    response: DeviceShowDataSchema,
  }),
  plusDeviceShowSave: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/device/:mac/show',
    access: plusWrite,
    params: PlusDeviceParamsSchema,
    body: DeviceShowSaveBodySchema,
    response: DeviceShowSaveAnswerSchema,
  }),
  // Camera (vision) and screen captures: when taken, and the image.
  plusCaptureInfo: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode/device/:mac/capture/:kind',
    access: plusRead,
    params: PlusCaptureParamsSchema,
    response: PlusCaptureInfoSchema,
  }),
  plusCaptureFile: endpoint({
    method: 'GET',
    path: '/plus/store/:storeCode/device/:mac/capture/:kind/file',
    access: plusRead,
    params: PlusCaptureParamsSchema,
    file: true,
  }),
};
