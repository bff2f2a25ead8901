import { StoreCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  OtaDetailPageSchema,
  OtaDetailParamsSchema,
  OtaDetailRequestSchema,
  OtaFirmwareInfoSchema,
  OtaGatewayFinishBodySchema,
  OtaGatewayListSchema,
  OtaHistoryPageSchema,
  OtaHistoryRequestSchema,
  OtaRefreshBodySchema,
  OtaStartAnswerSchema,
  OtaStatusSchema,
  OtaStopBodySchema,
  OtaStoreListSchema,
  OtaTaskSchema,
} from '../schemas/ota';
import { endpoint } from './define';

// OTA lives in the store settings (/setting/ota-config) and changes what the store's tags run, so it is guarded
// by store_config rather than a section of its own (console-admin §6 has none).
const otaRead = { section: 'store_config', need: 'read' } as const;
const otaWrite = { section: 'store_config', need: 'write' } as const;

// POST /ota/store/:storeCode/start is ours in the spec's style; other paths not shown either (NOTES.md 12).
export const otaEndpoints = {
  // The store list and the unpaged gateway table of /setting/ota-config, under the same privilege as the rest of OTA.
  otaStoreList: endpoint({ method: 'GET', path: '/ota/store', access: otaRead, response: OtaStoreListSchema }),
  otaGatewayList: endpoint({
    method: 'GET',
    path: '/ota/store/:storeCode/gw',
    access: otaRead,
    params: StoreCodeParams,
    response: OtaGatewayListSchema,
  }),
  // Multipart: fwName and fwData (the .bin file). Nothing is stored.
  otaFirmwareParse: endpoint({
    method: 'POST',
    path: '/ota/firmware/parse',
    access: otaWrite,
    multipart: true,
    response: OtaFirmwareInfoSchema,
    changes: false,
  }),
  // Multipart: fwData (the .bin file) plus the fields of OtaStartFieldsSchema (gw_ip_list, gw_info_dict, fwName,
  // the OTA parameters). message "ok" means started.
  otaStart: endpoint({
    method: 'POST',
    path: '/ota/store/:storeCode/start',
    access: otaWrite,
    params: StoreCodeParams,
    multipart: true,
    response: OtaStartAnswerSchema,
  }),
  // Asks the gateways for fresh results; answers the task as it is then.
  otaRefresh: endpoint({ method: 'POST', path: '/ota/refresh', access: otaWrite, body: OtaRefreshBodySchema, response: OtaTaskSchema }),
  otaGatewayFinish: endpoint({
    method: 'POST',
    path: '/ota/gw/finish',
    access: otaWrite,
    body: OtaGatewayFinishBodySchema,
    response: OkAnswer,
  }),
  otaStop: endpoint({ method: 'POST', path: '/ota/stop', access: otaWrite, body: OtaStopBodySchema, response: OkAnswer }),
  otaStatus: endpoint({
    method: 'GET',
    path: '/ota/store/:storeCode/status',
    access: otaRead,
    params: StoreCodeParams,
    response: OtaStatusSchema,
  }),
  otaHistory: endpoint({
    method: 'POST',
    path: '/ota/history/store/:storeCode',
    access: otaRead,
    params: StoreCodeParams,
    body: OtaHistoryRequestSchema,
    response: OtaHistoryPageSchema,
  }),
  otaHistoryDetail: endpoint({
    method: 'POST',
    path: '/ota/history/store/:storeCode/task/:taskId',
    access: otaRead,
    params: OtaDetailParamsSchema,
    body: OtaDetailRequestSchema,
    response: OtaDetailPageSchema,
  }),
};
