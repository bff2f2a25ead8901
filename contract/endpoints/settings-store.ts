import { StoreCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  CompanyCreateBodySchema,
  CompanyListPageSchema,
  CompanyListRequestSchema,
  CompanyParamsSchema,
  CompanyUpdateBodySchema,
  DefaultCompanyBodySchema,
} from '../schemas/settings-company';
import {
  AMacBodySchema,
  AMacListSchema,
  AMacParamsSchema,
  AMacUpdateBodySchema,
  GatewayConfigAllAnswerSchema,
  GatewayConfigAllBodySchema,
  GatewayConfigBodySchema,
  GatewayConfigListSchema,
  GatewayConfigParamsSchema,
  GatewayConfigSchema,
  GeocodeAnswerSchema,
  GeocodeQuerySchema,
  StoreConfigListPageSchema,
  StoreConfigListRequestSchema,
  StoreConfigSchema,
  StoreCreateBodySchema,
  StoreMigrateAnswerSchema,
  StoreSensorConfigBodySchema,
  StoreSensorConfigSchema,
  StoreTagStatusCheckBodySchema,
  StoreUpdateBodySchema,
} from '../schemas/settings-store';
import { endpoint } from './define';

const companyRead = { section: 'company_config', need: 'read' } as const;
const companyWrite = { section: 'company_config', need: 'write' } as const;
const storeRead = { section: 'store_config', need: 'read' } as const;
const storeWrite = { section: 'store_config', need: 'write' } as const;
const sensorRead = { section: 'sensor', need: 'read' } as const;
const sensorWrite = { section: 'sensor', need: 'write' } as const;
const amacWrite = { ...storeWrite, owner: 'system' } as const;
// console-core §6: gateway edit (and delete) need role -1 or 0, or store write; reading them is store read, as for
// the store and gateway screens that open the update modal.
const gatewayRead = { section: 'store', need: 'read' } as const;
const gatewayWrite = { section: 'store', need: 'write' } as const;

// Company, store, gateway, AMac and sensor configuration. Paths not shown in the spec (our choice, NOTES.md 12).
export const settingsStoreEndpoints = {
  companyConfigList: endpoint({
    method: 'POST',
    path: '/config/company/list',
    access: companyRead,
    body: CompanyListRequestSchema,
    response: CompanyListPageSchema,
  }),
  // A new company belongs to no company yet: only role -1 makes one (docs/architecture.md §3, owner 'system').
  companyConfigAdd: endpoint({
    method: 'POST',
    path: '/config/company',
    access: { ...companyWrite, owner: 'system' },
    body: CompanyCreateBodySchema,
    response: OkAnswer,
  }),
  // First login without a company (the login answer's createCompany): the caller becomes its admin.
  companyConfigAddDefault: endpoint({
    method: 'POST',
    path: '/config/company/default',
    // First login of the super administrator on an empty system (console-core §2): nobody else may create it.
    access: { ...companyWrite, superOnly: true },
    body: DefaultCompanyBodySchema,
    response: OkAnswer,
  }),
  companyConfigSave: endpoint({
    method: 'PUT',
    path: '/config/company/:companyCode',
    access: companyWrite,
    params: CompanyParamsSchema,
    body: CompanyUpdateBodySchema,
    response: OkAnswer,
  }),
  // Only role -1 may delete companies (console-admin §6).
  companyConfigDelete: endpoint({
    method: 'DELETE',
    path: '/config/company/:companyCode',
    access: { section: 'company_config', need: 'write', superOnly: true },
    params: CompanyParamsSchema,
    response: OkAnswer,
  }),

  storeConfigList: endpoint({
    method: 'POST',
    path: '/config/store/list',
    access: storeRead,
    body: StoreConfigListRequestSchema,
    response: StoreConfigListPageSchema,
  }),
  storeConfigGet: endpoint({
    method: 'GET',
    path: '/config/store/:storeCode',
    access: storeRead,
    params: StoreCodeParams,
    response: StoreConfigSchema,
  }),
  storeConfigAdd: endpoint({
    method: 'POST',
    path: '/config/store',
    access: storeWrite,
    createsStore: true,
    body: StoreCreateBodySchema,
    response: OkAnswer,
  }),
  storeConfigSave: endpoint({
    method: 'PUT',
    path: '/config/store/:storeCode',
    access: storeWrite,
    params: StoreCodeParams,
    body: StoreUpdateBodySchema,
    response: OkAnswer,
  }),
  storeConfigDelete: endpoint({
    method: 'DELETE',
    path: '/config/store/:storeCode',
    access: storeWrite,
    params: StoreCodeParams,
    response: OkAnswer,
  }),
  // Multipart, field `files` (the store's exported database). Roles -1 and 0 only (console-admin §6).
  storeMigrate: endpoint({
    method: 'POST',
    path: '/config/store/:storeCode/migrate',
    access: { section: 'store_config', need: 'write', privilegedOnly: true },
    params: StoreCodeParams,
    multipart: true,
    response: StoreMigrateAnswerSchema,
  }),
  // The reference server's own export of one store (JSON lines, streamed): the file storeMigrate reads. Roles -1, 0.
  storeExport: endpoint({
    method: 'GET',
    path: '/config/store/:storeCode/export',
    access: { section: 'store_config', need: 'read', privilegedOnly: true },
    params: StoreCodeParams,
    file: true,
  }),
  // Address search of the position picker when no geocoder is configured or reachable (packaged gazetteer).
  geocodeSearch: endpoint({
    method: 'GET',
    path: '/geocode/search',
    access: storeRead,
    query: GeocodeQuerySchema,
    response: GeocodeAnswerSchema,
  }),
  // A manual tag status check of the whole store (the store config's "manual" check day).
  storeTagStatusCheck: endpoint({
    method: 'POST',
    path: '/config/store/tag/status/check',
    access: storeWrite,
    body: StoreTagStatusCheckBodySchema,
    response: OkAnswer,
  }),

  // Gateway configuration; deleting one is console-core's gatewayDelete on the same path.
  gatewayConfigList: endpoint({
    method: 'GET',
    path: '/config/gw/store/:storeCode',
    access: gatewayRead,
    params: StoreCodeParams,
    response: GatewayConfigListSchema,
  }),
  gatewayConfigUpdateAll: endpoint({
    method: 'PUT',
    path: '/config/gw/store/:storeCode',
    access: gatewayWrite,
    params: StoreCodeParams,
    body: GatewayConfigAllBodySchema,
    response: GatewayConfigAllAnswerSchema,
  }),
  gatewayConfigGet: endpoint({
    method: 'GET',
    path: '/config/gw/store/:storeCode/gw/:gwMac',
    access: gatewayRead,
    params: GatewayConfigParamsSchema,
    response: GatewayConfigSchema,
  }),
  gatewayConfigUpdate: endpoint({
    method: 'PUT',
    path: '/config/gw/store/:storeCode/gw/:gwMac',
    access: gatewayWrite,
    params: GatewayConfigParamsSchema,
    body: GatewayConfigBodySchema,
    response: OkAnswer,
  }),

  // AMac rows carry no company: shared by every company, so changing them needs role -1 (owner 'system').
  amacList: endpoint({ method: 'GET', path: '/config/amac', access: storeRead, response: AMacListSchema }),
  amacAdd: endpoint({ method: 'POST', path: '/config/amac', access: amacWrite, body: AMacBodySchema, response: OkAnswer }),
  amacSave: endpoint({
    method: 'PUT',
    path: '/config/amac/:abstractCode',
    access: amacWrite,
    params: AMacParamsSchema,
    body: AMacUpdateBodySchema,
    response: OkAnswer,
  }),
  amacDelete: endpoint({
    method: 'DELETE',
    path: '/config/amac/:abstractCode',
    access: amacWrite,
    params: AMacParamsSchema,
    response: OkAnswer,
  }),

  // console-admin §6: "sensor.write allows sensor edit" — the store config's sensor edit is the sensor section's.
  sensorConfigGet: endpoint({
    method: 'GET',
    path: '/config/sensor/store/:storeCode',
    access: sensorRead,
    params: StoreCodeParams,
    response: StoreSensorConfigSchema,
  }),
  sensorConfigSave: endpoint({
    method: 'POST',
    path: '/config/sensor/store/:storeCode',
    access: sensorWrite,
    params: StoreCodeParams,
    body: StoreSensorConfigBodySchema,
    response: OkAnswer,
  }),
};
