import { StoreParams } from '../schemas/common';
import {
  PaperHistoryParamsSchema,
  PaperStoreListSchema,
  PaperTaskDetailPageSchema,
  PaperTaskDetailRequestSchema,
  PaperTaskPageSchema,
  PaperTaskParamsSchema,
  PaperTaskRequestSchema,
  PaperUploadAnswerSchema,
  PaperUploadFieldsSchema,
  PaperUploadHistoryDetailSchema,
  PaperUploadHistoryPageSchema,
  PaperUploadHistoryRequestSchema,
} from '../schemas/paper';
import { endpoint } from './define';

const paperRead = { section: 'paper', need: 'read' } as const;
const paperWrite = { section: 'paper', need: 'write' } as const;

// Paths not shown in the spec (our choice, NOTES.md 12). The paper parser is with the other code editors.
export const paperEndpoints = {
  // Every store at once: the overview's map needs them all, and its table pages in the browser.
  paperStoreList: endpoint({ method: 'GET', path: '/paper/store/list', access: paperRead, response: PaperStoreListSchema }),
  // The spec shows no paper upload call: path ours (NOTES.md 12). Multipart, one CSV in field `file`, per store.
  paperUpload: endpoint({
    method: 'POST',
    path: '/paper/file/store/:storeCode',
    access: paperWrite,
    params: StoreParams,
    body: PaperUploadFieldsSchema,
    multipart: true,
    response: PaperUploadAnswerSchema,
  }),
  paperUploadHistory: endpoint({
    method: 'POST',
    path: '/paper/file/history',
    access: paperRead,
    body: PaperUploadHistoryRequestSchema,
    response: PaperUploadHistoryPageSchema,
  }),
  paperUploadHistoryDetail: endpoint({
    method: 'GET',
    path: '/paper/file/history/:historyId',
    access: paperRead,
    params: PaperHistoryParamsSchema,
    response: PaperUploadHistoryDetailSchema,
  }),
  paperTaskList: endpoint({
    method: 'POST',
    path: '/paper/task/list/store/:storeCode',
    access: paperRead,
    params: StoreParams,
    body: PaperTaskRequestSchema,
    response: PaperTaskPageSchema,
  }),
  paperTaskDetail: endpoint({
    method: 'POST',
    path: '/paper/task/store/:storeCode/task/:taskId',
    access: paperRead,
    params: PaperTaskParamsSchema,
    body: PaperTaskDetailRequestSchema,
    response: PaperTaskDetailPageSchema,
  }),
};
