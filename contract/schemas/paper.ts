import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { HealthStatus, Nullable, Position, StoreCode, Timestamp, wideTable } from './common';
import { Id } from './admin-common';
import { TaskId } from './tasks';
import { PRINT_RESULT_SUCCESS_CODE, type PRINT_RESULTS } from './constants-admin';

/** Paper labels (console-admin §3 paper entities, §7 "Paper"). */

export const PaperStoreSchema = Type.Object({
  companyCode: Type.String(),
  companyName: Type.String(),
  storeCode: Type.String(),
  storeName: Type.String(),
  position: Nullable(Position),
  status: HealthStatus,
  totalTaskCount: Type.Integer(),
  totalCompleteCount: Type.Integer(),
  todayTaskCount: Type.Integer(),
  todayCompleteCount: Type.Integer(),
});
export type PaperStore = Static<typeof PaperStoreSchema>;
export const PaperStoreListSchema = Type.Array(PaperStoreSchema);

export const PaperUploadHistorySchema = Type.Object({
  /** The detail route's historyId. */
  _id: Type.String(),
  fileName: Type.String(),
  storeCode: Type.String(),
  taskId: Type.String(),
  taskDes: Type.String(),
  count: Type.Integer(),
  error: Type.Array(Type.String()),
  received: Timestamp,
  finished: Nullable(Timestamp),
});
export type PaperUploadHistory = Static<typeof PaperUploadHistorySchema>;
export const PAPER_UPLOAD_HISTORY_TABLE = defineTable({
  fields: { fileName: 'text', storeCode: 'text', taskId: 'text', taskDes: 'text', count: 'number', received: 'number' },
  defaultOrder: { field: 'received', dir: 'desc' },
  dateField: 'received',
});

/** The spec names data[{prInfo}]; prCode is ours too, so that a row says which product it is. */
export const PaperUploadHistoryDetailSchema = Type.Object({
  fileName: Type.String(),
  /** Ours as well: the store names the company whose alias names head the info columns. */
  storeCode: Type.Optional(Type.String()),
  data: Type.Array(Type.Object({ prCode: Type.Optional(Type.String()), prInfo: Type.Array(Type.String()) })),
});
export type PaperUploadHistoryDetail = Static<typeof PaperUploadHistoryDetailSchema>;

export const PaperTaskSchema = Type.Object({
  taskId: Type.String(),
  taskDes: Type.String(),
  total: Type.Integer(),
  complete: Type.Integer(),
  progress: Type.Number({ maximum: 100 }),
  updatedAt: Timestamp,
});
export type PaperTask = Static<typeof PaperTaskSchema>;
export const PAPER_TASK_TABLE = defineTable({
  fields: { taskId: 'text', taskDes: 'text', total: 'number', complete: 'number', progress: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

export const PaperTaskDetailSchema = Type.Object({
  /** Ours: a label's identity, as one product may be printed twice in a task. */
  _id: Type.Optional(Type.String()),
  prCode: Type.String(),
  prInfo: Type.Array(Type.String()),
  printerIp: Type.String(),
  printerName: Type.String(),
  /** Absent: NONE; 1: SUCCESS; anything else: FAIL. */
  resultCode: Type.Optional(Type.Integer()),
  resultMsg: Type.Optional(Type.String()),
  printedTime: Nullable(Timestamp),
  updatedAt: Timestamp,
});
export type PaperTaskDetail = Static<typeof PaperTaskDetailSchema>;

export type PrintResult = (typeof PRINT_RESULTS)[number];
/** console-admin §4: a missing resultCode is NONE, 1 is SUCCESS, any other value is FAIL. */
// spec: admin §4.10 — print result from resultCode
export function printResultOf(resultCode: number | null | undefined): PrintResult {
  if (resultCode === null || resultCode === undefined) return 'NONE';
  return resultCode === PRINT_RESULT_SUCCESS_CODE ? 'SUCCESS' : 'FAIL';
}
/** `result` filters by the derived print result (NONE, SUCCESS, FAIL), not by resultCode. */
export const PAPER_TASK_DETAIL_TABLE = defineTable({
  fields: {
    prCode: 'text',
    prInfo: 'text',
    printerIp: 'text',
    printerName: 'text',
    result: 'enum',
    printedTime: 'number',
    updatedAt: 'number',
  },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

/** Form fields of the paper upload besides its one `file`: an optional description of the print task. */
export const PaperUploadFieldsSchema = Type.Object(
  { taskDes: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export const PaperUploadAnswerSchema = Type.Object({
  success: Type.Boolean(),
  historyId: Type.String(),
  taskId: Type.String(),
  /** Rows that became labels to print, and one message per row that did not. */
  count: Type.Integer(),
  error: Type.Array(Type.String()),
});
export type PaperUploadAnswer = Static<typeof PaperUploadAnswerSchema>;

export const PaperHistoryParamsSchema = Type.Object({ historyId: Id });
export const PaperTaskParamsSchema = Type.Object({ storeCode: StoreCode, taskId: TaskId });

// Table requests and pages.

export const PaperUploadHistoryRequestSchema = tableRequestSchema(wideTable(PAPER_UPLOAD_HISTORY_TABLE));
export const PaperUploadHistoryPageSchema = tablePageSchema(PaperUploadHistorySchema);
export const PaperTaskRequestSchema = tableRequestSchema(wideTable(PAPER_TASK_TABLE));
export const PaperTaskPageSchema = tablePageSchema(PaperTaskSchema);
export const PaperTaskDetailRequestSchema = tableRequestSchema(wideTable(PAPER_TASK_DETAIL_TABLE));
export const PaperTaskDetailPageSchema = tablePageSchema(PaperTaskDetailSchema);
