import { OkAnswer, StoreParams } from '../schemas/common';
import {
  TagAlarmHistoryPageSchema,
  TagAlarmHistoryRequestSchema,
  TagBatteryHistoryPageSchema,
  TagBatteryHistoryRequestSchema,
  TagResetHistoryPageSchema,
  TagResetHistoryRequestSchema,
  TagTemperatureHistoryPageSchema,
  TagTemperatureHistoryRequestSchema,
  TagUpdateHistoryPageSchema,
  TagUpdateHistoryRequestSchema,
  TaskFailPageSchema,
  TaskFailParamsSchema,
  TaskFailRequestSchema,
} from '../schemas/tag-history';
import {
  ProductLookupParamsSchema,
  ProductLookupSchema,
  StoreBodySchema,
  StoreTagParamsSchema,
  TagAssignAnswerSchema,
  TagAssignBodySchema,
  TagAssignFileFieldsSchema,
  TagAssignMultipleBodySchema,
  TagBatchAnswerSchema,
  TagLedBodySchema,
  TagListBodySchema,
  TagListPageSchema,
  TagListRequestSchema,
  TagPageBodySchema,
  TagPreviewSchema,
  TagStatusCheckBodySchema,
} from '../schemas/tags';
import { endpoint } from './define';

const tagRead = { section: 'tag', need: 'read' } as const;
const tagWrite = { section: 'tag', need: 'write' } as const;
const history = { method: 'POST', access: tagRead, params: StoreTagParamsSchema } as const;

export const tagsEndpoints = {
  // Path not shown in the spec (our choice).
  tagList: endpoint({
    method: 'POST',
    path: '/tag/list/store/:storeCode',
    access: tagRead,
    params: StoreParams,
    body: TagListRequestSchema,
    response: TagListPageSchema,
  }),
  // Idempotent: the handheld's outbox may replay these writes (docs/architecture.md §5).
  tagAssign: endpoint({
    method: 'POST',
    path: '/tag/assign',
    access: tagWrite,
    body: TagAssignBodySchema,
    response: TagAssignAnswerSchema,
    idempotent: true,
  }),
  tagAssignMultiple: endpoint({
    method: 'POST',
    path: '/tag/assign/multiple',
    access: tagWrite,
    body: TagAssignMultipleBodySchema,
    response: TagAssignAnswerSchema,
    idempotent: true,
  }),
  // Path not shown in the spec (our choice). The handheld's CSV assign goes through the outbox too.
  tagAssignFile: endpoint({
    method: 'POST',
    path: '/tag/assign/file',
    access: tagWrite,
    body: TagAssignFileFieldsSchema,
    response: TagAssignAnswerSchema,
    multipart: true,
    idempotent: true,
  }),
  tagDeassign: endpoint({
    method: 'POST',
    path: '/tag/deassign',
    access: tagWrite,
    body: TagListBodySchema,
    response: TagBatchAnswerSchema,
    idempotent: true,
  }),
  tagReassign: endpoint({
    method: 'POST',
    path: '/tag/reassign',
    access: tagWrite,
    body: TagListBodySchema,
    response: TagBatchAnswerSchema,
    idempotent: true,
  }),
  tagReassignAll: endpoint({
    method: 'POST',
    path: '/tag/reassign/all',
    access: tagWrite,
    body: StoreBodySchema,
    response: TagBatchAnswerSchema,
  }),
  tagStatusCheck: endpoint({
    method: 'POST',
    path: '/tag/status/check',
    access: tagWrite,
    body: TagStatusCheckBodySchema,
    response: OkAnswer,
  }),
  tagStatusCheckStop: endpoint({
    method: 'POST',
    path: '/tag/status/check/stop',
    access: tagWrite,
    body: StoreBodySchema,
    response: OkAnswer,
  }),
  // Not idempotent on purpose: a blink is never queued, offline it fails at once (docs/architecture.md §5).
  tagLed: endpoint({ method: 'POST', path: '/tag/led', access: tagWrite, body: TagLedBodySchema, response: TagBatchAnswerSchema }),
  tagPageIndividual: endpoint({
    method: 'POST',
    path: '/tag/page/individual',
    access: tagWrite,
    body: TagPageBodySchema,
    response: TagBatchAnswerSchema,
  }),
  tagPreview: endpoint({
    method: 'GET',
    path: '/preview/store/:storeCode/tag/:tagMac',
    access: tagRead,
    params: StoreTagParamsSchema,
    response: TagPreviewSchema,
  }),
  // History paths are not shown in the spec (our choice), in the style of GET /history/store/{store}/sensor/{id}.
  tagUpdateHistory: endpoint({
    ...history,
    path: '/history/store/:storeCode/tag/:tagMac/update',
    body: TagUpdateHistoryRequestSchema,
    response: TagUpdateHistoryPageSchema,
  }),
  tagBatteryHistory: endpoint({
    ...history,
    path: '/history/store/:storeCode/tag/:tagMac/battery',
    body: TagBatteryHistoryRequestSchema,
    response: TagBatteryHistoryPageSchema,
  }),
  tagResetHistory: endpoint({
    ...history,
    path: '/history/store/:storeCode/tag/:tagMac/reset',
    body: TagResetHistoryRequestSchema,
    response: TagResetHistoryPageSchema,
  }),
  tagTemperatureHistory: endpoint({
    ...history,
    path: '/history/store/:storeCode/tag/:tagMac/temperature',
    body: TagTemperatureHistoryRequestSchema,
    response: TagTemperatureHistoryPageSchema,
  }),
  tagAlarmHistory: endpoint({
    ...history,
    path: '/history/store/:storeCode/tag/:tagMac/alarm',
    body: TagAlarmHistoryRequestSchema,
    response: TagAlarmHistoryPageSchema,
  }),
  // Path not shown in the spec (our choice).
  taskFailList: endpoint({
    method: 'POST',
    path: '/task/fail/store/:storeCode/task/:taskId',
    access: tagRead,
    params: TaskFailParamsSchema,
    body: TaskFailRequestSchema,
    response: TaskFailPageSchema,
  }),
  // Path not shown in the spec (our choice). Tag read, not product read: the handheld assign flow checks each
  // scanned product code, and assigners need not hold the product section. Unknown code: 404.
  productByCode: endpoint({
    method: 'GET',
    path: '/product/store/:storeCode/code/:prCode',
    access: tagRead,
    params: ProductLookupParamsSchema,
    response: ProductLookupSchema,
  }),
};
