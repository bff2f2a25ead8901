import { AlarmConfigSchema, DashboardQuerySchema, DashboardSchema } from '../schemas/dashboard';
import { endpoint } from './define';

export const dashboardEndpoints = {
  statsDashboard: endpoint({
    method: 'GET',
    path: '/stats/dashboard',
    access: { section: 'dashboard', need: 'read' },
    query: DashboardQuerySchema,
    response: DashboardSchema,
  }),
  // Dashboard read, not alarm read: the dashboard needs the alarm titles, and a failed dashboard load logs out.
  alarmConfig: endpoint({
    method: 'GET',
    path: '/alarm/config',
    access: { section: 'dashboard', need: 'read' },
    response: AlarmConfigSchema,
  }),
};
