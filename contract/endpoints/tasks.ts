import { OkAnswer } from '../schemas/common';
import {
  TaskDetailPageSchema,
  TaskDetailRequestSchema,
  TaskHistorySchema,
  TaskListPageSchema,
  TaskListRequestSchema,
  TaskParamsSchema,
  TaskRefreshBodySchema,
  TaskRevertBodySchema,
} from '../schemas/tasks';
import { endpoint } from './define';

const taskRead = { section: 'task', need: 'read' } as const;
const taskWrite = { section: 'task', need: 'write' } as const;

// Paths not shown in the spec (our choice, NOTES.md 12).
export const tasksEndpoints = {
  // Filtered by global_companyCode like the other company-wide lists.
  // spec: admin §7.6 — task list (global_companyCode) and detail list
  taskList: endpoint({ method: 'POST', path: '/task/list', access: taskRead, body: TaskListRequestSchema, response: TaskListPageSchema }),
  taskDetailList: endpoint({
    method: 'POST',
    path: '/task/detail/store/:storeCode/task/:taskId',
    access: taskRead,
    params: TaskParamsSchema,
    body: TaskDetailRequestSchema,
    response: TaskDetailPageSchema,
  }),
  // Only roles -1 and 0 may refresh (console-admin §4, §6).
  // spec: admin §7.7 — refresh, revert and the graph's history
  taskRefresh: endpoint({
    method: 'POST',
    path: '/task/refresh',
    access: { section: 'task', need: 'write', privilegedOnly: true },
    body: TaskRefreshBodySchema,
    response: OkAnswer,
  }),
  taskRevert: endpoint({ method: 'POST', path: '/task/revert', access: taskWrite, body: TaskRevertBodySchema, response: OkAnswer }),
  taskHistory: endpoint({
    method: 'GET',
    path: '/task/history/store/:storeCode/task/:taskId',
    access: taskRead,
    params: TaskParamsSchema,
    response: TaskHistorySchema,
  }),
};
