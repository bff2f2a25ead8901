import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { authRoutes } from './auth';
import { accountRoutes } from './account';
import { dashboardRoutes } from './dashboard';
import { exceptionsRoutes } from './exceptions';
import { statusRoutes } from './status';
import { gatewayRoutes } from './gateways';
import { gatewayConfigRoutes } from './gateway-config';
import { tagRoutes } from './tags';
import { plusRoutes } from './plus';
import { productRoutes } from './products';
import { taskRoutes } from './tasks';
import { tagHistoryRoutes } from './tag-history';
import { sensorRoutes } from './sensors';
import { fileRoutes } from './files';
import { settingsRoutes } from './settings';
import { mobileSoftwareRoutes } from './settings-mobile';
import { companyRoutes } from './settings-companies';
import { amacRoutes } from './settings-amac';
import { changeRoutes } from './changes';
import { memberRoutes } from './members';
import { roleRoutes } from './roles';

/** Every route of the contract that the reference server implements, registered under apiBase. */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, opts: { loginRateLimit: number }): void {
  authRoutes(app, deps, opts);
  accountRoutes(app, deps);
  dashboardRoutes(app, deps);
  exceptionsRoutes(app, deps);
  statusRoutes(app, deps);
  gatewayRoutes(app, deps);
  gatewayConfigRoutes(app, deps);
  tagRoutes(app, deps);
  plusRoutes(app, deps);
  productRoutes(app, deps);
  taskRoutes(app, deps);
  tagHistoryRoutes(app, deps);
  sensorRoutes(app, deps);
  fileRoutes(app, deps);
  settingsRoutes(app, deps);
  mobileSoftwareRoutes(app, deps);
  companyRoutes(app, deps);
  amacRoutes(app, deps);
  changeRoutes(app, deps);
  memberRoutes(app, deps);
  roleRoutes(app, deps);
}
