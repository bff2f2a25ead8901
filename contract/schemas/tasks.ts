import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Nullable, StoreCode, Text, Timestamp, wideTable } from './common';
import { Body } from './admin-common';

/** Task ids come from external systems too; the route carries them URI-encoded. */
export const TaskId = Type.String({ minLength: 1, maxLength: 128 });

export const TaskSchema = Type.Object({
  taskId: Type.String(),
  internalTaskId: Type.Integer(),
  companyCode: Type.String(),
  companyName: Type.String(),
  storeCode: Type.String(),
  storeName: Type.String(),
  /** UPDATE, LAYOUT or other task kinds. */
  taskType: Type.String(),
  layoutId: Type.String(),
  /** Percent; below 0 means no progress to show. */
  progress: Type.Number({ maximum: 100 }),
  totalTags: Type.Integer(),
  updatedTags: Type.Integer(),
  startTime: Timestamp,
  /** null while the task is in progress. */
  endTime: Nullable(Timestamp),
  refreshed: Type.Boolean(),
});
export type Task = Static<typeof TaskSchema>;
export const TASK_TABLE = defineTable({
  fields: {
    taskId: 'text',
    companyCode: 'text',
    storeCode: 'text',
    storeName: 'text',
    taskType: 'enum',
    layoutId: 'text',
    progress: 'number',
    totalTags: 'number',
    startTime: 'number',
    endTime: 'number',
  },
  defaultOrder: { field: 'startTime', dir: 'desc' },
  dateField: 'startTime',
});

export const TaskDetailRowSchema = Type.Object({
  tagId: Type.String(),
  prCode: Type.String(),
  layout: Type.String(),
  prInfo: Type.Array(Type.String()),
  /** OK or NG; absent while the tag is still being updated. */
  result: Type.Optional(Type.String()),
  updatedAt: Nullable(Timestamp),
  /** The result came from a refresh (shown in red to roles -1 and 0). */
  refreshed: Type.Boolean(),
});
export type TaskDetailRow = Static<typeof TaskDetailRowSchema>;
export const TASK_DETAIL_TABLE = defineTable({
  fields: { tagId: 'text', prCode: 'text', layout: 'text', prInfo: 'text', result: 'enum', updatedAt: 'number' },
  defaultOrder: { field: 'tagId', dir: 'asc' },
  dateField: 'updatedAt',
});

export const TaskParamsSchema = Type.Object({ storeCode: StoreCode, taskId: TaskId });

export const TaskRefreshBodySchema = Body({ storeCode: StoreCode, internalTaskId: Type.Integer({ minimum: 1 }) });
export type TaskRefreshBody = Static<typeof TaskRefreshBodySchema>;

export const TaskRevertBodySchema = Body({ storeCode: StoreCode, taskId: TaskId });
export type TaskRevertBody = Static<typeof TaskRevertBodySchema>;

/**
 * The graph's data: every result of the task with its time (the spec does not show the shape; the graph bins
 * these rows over time).
 */
export const TaskHistorySchema = Type.Object({
  taskId: Type.String(),
  totalTags: Type.Integer(),
  data: Type.Array(Type.Object({ result: Type.Optional(Type.String()), updatedAt: Nullable(Timestamp) })),
});
export type TaskHistory = Static<typeof TaskHistorySchema>;

// Table requests and pages.

export const TaskListRequestSchema = tableRequestSchema(wideTable(TASK_TABLE));
export const TaskListPageSchema = tablePageSchema(TaskSchema);
export const TaskDetailRequestSchema = tableRequestSchema(wideTable(TASK_DETAIL_TABLE), { taskType: Type.Optional(Text(32)) });
export const TaskDetailPageSchema = tablePageSchema(TaskDetailRowSchema);
