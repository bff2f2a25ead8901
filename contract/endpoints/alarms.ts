import { OkAnswer } from '../schemas/common';
import {
  AlarmConfigBodySchema,
  AlarmHistoryPageSchema,
  AlarmHistoryRequestSchema,
  AlarmSettingBodySchema,
  AlarmSettingSchema,
  NotificationContentAllBodySchema,
  NotificationContentBodySchema,
  NotificationContentListSchema,
  NotificationContentSchema,
  NotificationKeyParamsSchema,
  NotificationSettingBodySchema,
  NotificationSettingSchema,
} from '../schemas/alarms';
import { endpoint } from './define';

const alarmRead = { section: 'alarm', need: 'read' } as const;
const alarmWrite = { section: 'alarm', need: 'write' } as const;
// The notification keys and contents, the alarm config and the Plus alarm thresholds are each one system-wide set
// (no company column): changing them is role -1's.
const systemAlarmWrite = { ...alarmWrite, owner: 'system' } as const;

// Paths not shown in the spec (our choice, NOTES.md 12). GET /alarm/config is console-core's (dashboard).
export const alarmsEndpoints = {
  alarmHistory: endpoint({
    method: 'POST',
    path: '/alarm/history',
    access: alarmRead,
    body: AlarmHistoryRequestSchema,
    response: AlarmHistoryPageSchema,
  }),
  notificationSettingGet: endpoint({ method: 'GET', path: '/alarm/notification', access: alarmRead, response: NotificationSettingSchema }),
  notificationSettingSave: endpoint({
    method: 'POST',
    path: '/alarm/notification',
    access: systemAlarmWrite,
    body: NotificationSettingBodySchema,
    response: OkAnswer,
  }),
  // Every key's content: the notification table and the JSON export.
  notificationContentAll: endpoint({
    method: 'GET',
    path: '/alarm/notification/content',
    access: alarmRead,
    response: NotificationContentListSchema,
  }),
  // The JSON import.
  notificationContentAllUpdate: endpoint({
    method: 'PUT',
    path: '/alarm/notification/content',
    access: systemAlarmWrite,
    body: NotificationContentAllBodySchema,
    response: OkAnswer,
  }),
  notificationContentGet: endpoint({
    method: 'GET',
    path: '/alarm/notification/content/:key',
    access: alarmRead,
    params: NotificationKeyParamsSchema,
    response: NotificationContentSchema,
  }),
  notificationContentUpdate: endpoint({
    method: 'PUT',
    path: '/alarm/notification/content/:key',
    access: systemAlarmWrite,
    params: NotificationKeyParamsSchema,
    body: NotificationContentBodySchema,
    response: OkAnswer,
  }),
  // The alarm config is read with GET /alarm/config (dashboard); it is system-wide, so saving it is role -1's.
  alarmConfigUpdate: endpoint({
    method: 'PUT',
    path: '/alarm/config',
    access: systemAlarmWrite,
    body: AlarmConfigBodySchema,
    response: OkAnswer,
  }),
  // The plus alarm setting dialog's thresholds; they drive system alarms, hence the alarm section. They are one row
  // for every company, so saving them is role -1's like the alarm config (issue 29: a company admin changed them all).
  alarmSettingGet: endpoint({ method: 'GET', path: '/alarm/setting', access: alarmRead, response: AlarmSettingSchema }),
  alarmSettingUpdate: endpoint({
    method: 'PUT',
    path: '/alarm/setting',
    access: systemAlarmWrite,
    body: AlarmSettingBodySchema,
    response: OkAnswer,
  }),
};
