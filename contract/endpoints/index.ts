import { alarmsEndpoints } from './alarms';
import { authEndpoints } from './auth';
import { dashboardEndpoints } from './dashboard';
import { exceptionsEndpoints } from './exceptions';
import { filesEndpoints } from './files';
import { gatewaysEndpoints } from './gateways';
import { membersEndpoints } from './members';
import { otaEndpoints } from './ota';
import { paperEndpoints } from './paper';
import { plusAssetsEndpoints } from './plus-assets';
import { plusEndpoints } from './plus';
import { plusV1Endpoints } from './plus-v1';
import { productsEndpoints } from './products';
import { sensorsEndpoints } from './sensors';
import { settingsAliasEndpoints } from './settings-alias';
import { settingsStoreEndpoints } from './settings-store';
import { settingsEndpoints } from './settings';
import { statusEndpoints } from './status';
import { tagsEndpoints } from './tags';
import { tasksEndpoints } from './tasks';

/** The one list of calls (docs/architecture.md §1): the client, the server routes and the tests all name calls from here. */
export const endpoints = {
  ...authEndpoints,
  ...dashboardEndpoints,
  ...exceptionsEndpoints,
  ...statusEndpoints,
  ...gatewaysEndpoints,
  ...tagsEndpoints,
  ...sensorsEndpoints,
  ...filesEndpoints,
  ...productsEndpoints,
  ...tasksEndpoints,
  ...paperEndpoints,
  ...settingsEndpoints,
  ...settingsStoreEndpoints,
  ...settingsAliasEndpoints,
  ...otaEndpoints,
  ...alarmsEndpoints,
  ...membersEndpoints,
  ...plusEndpoints,
  ...plusAssetsEndpoints,
  ...plusV1Endpoints,
};

export type EndpointName = keyof typeof endpoints;

/** The areas the list is made of; a name declared in two areas would silently shadow the other (a test checks). */
export const endpointAreas = [
  authEndpoints,
  dashboardEndpoints,
  exceptionsEndpoints,
  statusEndpoints,
  gatewaysEndpoints,
  tagsEndpoints,
  sensorsEndpoints,
  filesEndpoints,
  productsEndpoints,
  tasksEndpoints,
  paperEndpoints,
  settingsEndpoints,
  settingsStoreEndpoints,
  settingsAliasEndpoints,
  otaEndpoints,
  alarmsEndpoints,
  membersEndpoints,
  plusEndpoints,
  plusAssetsEndpoints,
  plusV1Endpoints,
];
