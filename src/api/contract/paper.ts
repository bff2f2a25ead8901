import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { HealthStatus, Nullable, Position, StoreCode, Timestamp, wideTable } from './common';
import { Id } from './admin-common';
import { TaskId } from './tasks';

/** Paper labels (console-admin §3 paper entities, §7 "Paper"). */

export const PaperStoreSchema = Type.Object({
  companyCode: Type.String(),
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

export const PaperUploadHistoryDetailSchema = Type.Object({
  fileName: Type.String(),
  data: Type.Array(Type.Object({ prInfo: Type.Array(Type.String()) })),
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
/** `result` filters by the derived print result (NONE, SUCCESS, FAIL), not by resultCode. */
export const PAPER_TASK_DETAIL_TABLE = defineTable({
  fields: { prCode: 'text', prInfo: 'text', printerIp: 'text', printerName: 'text', result: 'enum', printedTime: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

export const PaperHistoryParamsSchema = Type.Object({ historyId: Id });
export const PaperTaskParamsSchema = Type.Object({ storeCode: StoreCode, taskId: TaskId });

// Table requests and pages.

export const PaperUploadHistoryRequestSchema = tableRequestSchema(wideTable(PAPER_UPLOAD_HISTORY_TABLE));
export const PaperUploadHistoryPageSchema = tablePageSchema(PaperUploadHistorySchema);
export const PaperTaskRequestSchema = tableRequestSchema(wideTable(PAPER_TASK_TABLE));
export const PaperTaskPageSchema = tablePageSchema(PaperTaskSchema);
export const PaperTaskDetailRequestSchema = tableRequestSchema(wideTable(PAPER_TASK_DETAIL_TABLE));
export const PaperTaskDetailPageSchema = tablePageSchema(PaperTaskDetailSchema);
