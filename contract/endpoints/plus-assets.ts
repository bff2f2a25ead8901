import { RemoveAnswer, StoreCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  PlusAssetChoiceListSchema,
  PlusAssetIdParamsSchema,
  PlusAssetListPageSchema,
  PlusAssetListRequestSchema,
  PlusAssetParamsSchema,
  PlusAssetRemoveBodySchema,
  PlusDeviceRefListSchema,
  PlusFileAssetIdParamsSchema,
  PlusFileAssetParamsSchema,
  PlusProductListSchema,
  PlusProductsBodySchema,
  PlusScheduleListPageSchema,
  PlusScheduleListRequestSchema,
  PlusScheduleListSchema,
  PlusScheduleParamsSchema,
  PlusScheduleSaveBodySchema,
  PlusScheduleSchema,
  PlusSettingBodySchema,
  PlusSettingSchema,
  PlusSoftwareListPageSchema,
  PlusSoftwareListRequestSchema,
  PlusSoftwareParamsSchema,
  PlusTemplateListPageSchema,
  PlusTemplateListRequestSchema,
  PlusTemplateNameListSchema,
  PlusTemplateParamsSchema,
  PlusTemplateSaveBodySchema,
  PlusTemplateSchema,
  PlusUploadAnswerSchema,
  PlusUploadParamsSchema,
  PlusUploadQuerySchema,
} from '../schemas/plus-assets';
import { PaperLayoutNamesSchema, PrintPreviewAnswerSchema, PrintPreviewBodySchema } from '../schemas/print';
import { UPLOAD_MAX_FILES } from '../schemas/constants-plus';
import { endpoint } from './define';

const plusRead = { section: 'plus', need: 'read' } as const;
const plusWrite = { section: 'plus', need: 'write' } as const;

// Plus assets, templates, schedules, software, setting, product data and printing. Only the upload path is the
// spec's; the others are our choice in its style (NOTES.md 12). File answers are fetched with the session
// headers and shown through object URLs, since <img src> cannot send them.
export const plusAssetsEndpoints = {
  // Multipart, field `file`: up to 10 files, or 1 with ?id= to replace that file. type sw | launcher | other.
  plusUpload: endpoint({
    method: 'POST',
    path: '/plus/store/:storeCode/:type/file',
    access: plusWrite,
    params: PlusUploadParamsSchema,
    query: PlusUploadQuerySchema,
    multipart: true,
    maxFiles: UPLOAD_MAX_FILES,
    response: PlusUploadAnswerSchema,
  }),

  // Images, videos, widgets (type); usage and remove also take template and schedule.
  plusAssetList: endpoint({
    method: 'POST',
    path: '/plus/asset/:type/list/store/:storeCode',
    access: plusRead,
    params: PlusFileAssetParamsSchema,
    body: PlusAssetListRequestSchema,
    response: PlusAssetListPageSchema,
  }),
  plusAssetChoices: endpoint({
    method: 'GET',
    path: '/plus/asset/:type/choices/store/:storeCode',
    access: plusRead,
    params: PlusFileAssetParamsSchema,
    response: PlusAssetChoiceListSchema,
  }),
  // getPlusDeviceByImage/Video/Widget/Template/Schedule.
  plusAssetUsage: endpoint({
    method: 'GET',
    path: '/plus/asset/:type/:id/devices/store/:storeCode',
    access: plusRead,
    params: PlusAssetIdParamsSchema,
    response: PlusDeviceRefListSchema,
  }),
  // Assets still used by devices are kept and listed in inUse; the rest are removed.
  plusAssetRemove: endpoint({
    method: 'POST',
    path: '/plus/asset/:type/remove/store/:storeCode',
    access: plusWrite,
    params: PlusAssetParamsSchema,
    body: PlusAssetRemoveBodySchema,
    response: RemoveAnswer,
  }),
  plusAssetFile: endpoint({
    method: 'GET',
    path: '/plus/asset/:type/:id/file/store/:storeCode',
    access: plusRead,
    params: PlusFileAssetIdParamsSchema,
    file: true,
  }),
  plusAssetThumbnail: endpoint({
    method: 'GET',
    path: '/plus/asset/:type/:id/thumbnail/store/:storeCode',
    access: plusRead,
    params: PlusFileAssetIdParamsSchema,
    file: true,
  }),

  plusTemplateList: endpoint({
    method: 'POST',
    path: '/plus/template/list/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    body: PlusTemplateListRequestSchema,
    response: PlusTemplateListPageSchema,
  }),
  // getPlusDeviceTemplateList: the apply-template choices.
  plusTemplateNames: endpoint({
    method: 'GET',
    path: '/plus/template/names/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    response: PlusTemplateNameListSchema,
  }),
  // Also the export: the console writes {name, size, show} from it.
  plusTemplateGet: endpoint({
    method: 'GET',
    path: '/plus/template/store/:storeCode/name/:name',
    access: plusRead,
    params: PlusTemplateParamsSchema,
    response: PlusTemplateSchema,
  }),
  // Create, replace and import; an existing name is 409 unless overwrite is set.
  plusTemplateSave: endpoint({
    method: 'POST',
    path: '/plus/template/store/:storeCode',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusTemplateSaveBodySchema,
    response: OkAnswer,
  }),

  plusScheduleList: endpoint({
    method: 'POST',
    path: '/plus/schedule/list/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    body: PlusScheduleListRequestSchema,
    response: PlusScheduleListPageSchema,
  }),
  // Every schedule of the store, for the show editor's schedule choice.
  plusScheduleAll: endpoint({
    method: 'GET',
    path: '/plus/schedule/all/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    response: PlusScheduleListSchema,
  }),
  plusScheduleGet: endpoint({
    method: 'GET',
    path: '/plus/schedule/store/:storeCode/id/:id',
    access: plusRead,
    params: PlusScheduleParamsSchema,
    response: PlusScheduleSchema,
  }),
  plusScheduleSave: endpoint({
    method: 'POST',
    path: '/plus/schedule/store/:storeCode',
    access: plusWrite,
    params: StoreCodeParams,
    body: PlusScheduleSaveBodySchema,
    response: OkAnswer,
  }),

  // Player (sw) and launcher packages; removePlusSW and removePlusLauncherSW.
  plusSoftwareList: endpoint({
    method: 'POST',
    path: '/plus/software/:kind/list/store/:storeCode',
    access: plusRead,
    params: PlusSoftwareParamsSchema,
    body: PlusSoftwareListRequestSchema,
    response: PlusSoftwareListPageSchema,
  }),
  plusSoftwareRemove: endpoint({
    method: 'POST',
    path: '/plus/software/:kind/remove/store/:storeCode',
    access: plusWrite,
    params: PlusSoftwareParamsSchema,
    body: PlusAssetRemoveBodySchema,
    response: OkAnswer,
  }),

  plusSettingGet: endpoint({ method: 'GET', path: '/plus/setting', access: plusRead, response: PlusSettingSchema }),
  // One setting for the whole system, hence the super administrator's to change.
  plusSettingSave: endpoint({
    method: 'PUT',
    path: '/plus/setting',
    access: { ...plusWrite, owner: 'system' },
    body: PlusSettingBodySchema,
    response: OkAnswer,
  }),

  // getProducts(storeCode, codes): codes that do not exist are left out of the answer.
  plusProducts: endpoint({
    method: 'POST',
    path: '/plus/product/list/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    body: PlusProductsBodySchema,
    response: PlusProductListSchema,
  }),
  /*
   * The same lookup with an empty store code (console-core §9): plusProducts called with storeCode '' reaches this
   * path (the segment is empty), and the server looks the codes up in a default store of the member's own — its
   * first company's first store by code. A static path, so the empty code never meets the store code's schema.
   */
  // spec: core §9.11 — family product lookup with an empty store code falls back to a default store
  plusProductsDefaultStore: endpoint({
    method: 'POST',
    path: '/plus/product/list/store/',
    access: plusRead,
    body: PlusProductsBodySchema,
    response: PlusProductListSchema,
  }),
  // getProductPreview: the labels' bitmaps; the console builds the PDF.
  printPreview: endpoint({
    method: 'POST',
    path: '/print/preview',
    access: plusRead,
    body: PrintPreviewBodySchema,
    response: PrintPreviewAnswerSchema,
  }),
  // getPaperLayoutNames: the templates a label can be printed with.
  printLayoutNames: endpoint({
    method: 'GET',
    path: '/print/layout/names/store/:storeCode',
    access: plusRead,
    params: StoreCodeParams,
    response: PaperLayoutNamesSchema,
  }),
};
