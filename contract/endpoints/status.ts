import { CollectingListSchema, CollectingStopBodySchema } from '../schemas/collecting';
import { OkAnswer, StoreParams } from '../schemas/common';
import { GatewayDetailSchema, GatewayParamsSchema, StoreGatewayParamsSchema } from '../schemas/gateways';
import {
  ServerDetailQuerySchema,
  ServerDetailSchema,
  ServerParamsSchema,
  ServerListSchema,
  StoreProductPageSchema,
  StoreProductRequestSchema,
  StoreSensorPageSchema,
  StoreSensorRequestSchema,
  StoreStatusDetailSchema,
  StoreStatusListQuerySchema,
  StoreStatusListSchema,
  StoreTagPageSchema,
  StoreTagRequestSchema,
  SystemStatusHistorySchema,
  SystemStatusQuerySchema,
  VersionInfoSchema,
} from '../schemas/status';
import { TagTypeInfoListSchema, TagTypeQuerySchema } from '../schemas/tags';
import { endpoint } from './define';

const serverRead = { section: 'server', need: 'read' } as const;
const storeRead = { section: 'store', need: 'read' } as const;

export const statusEndpoints = {
  statusServerList: endpoint({ method: 'GET', path: '/status/server', access: serverRead, response: ServerListSchema }),
  statusServerDetail: endpoint({
    method: 'GET',
    path: '/status/server/:serverId',
    access: serverRead,
    params: ServerParamsSchema,
    query: ServerDetailQuerySchema,
    response: ServerDetailSchema,
  }),
  statusServerDelete: endpoint({
    method: 'DELETE',
    path: '/status/server/:serverId',
    // Servers are shared by every company (docs/architecture.md §3): only role -1 removes one.
    access: { section: 'server', need: 'write', owner: 'system' },
    params: ServerParamsSchema,
    response: OkAnswer,
  }),
  statusStoreList: endpoint({
    method: 'GET',
    path: '/status/store',
    access: storeRead,
    query: StoreStatusListQuerySchema,
    response: StoreStatusListSchema,
  }),
  statusStore: endpoint({
    method: 'GET',
    path: '/status/store/:storeCode',
    access: storeRead,
    params: StoreParams,
    response: StoreStatusDetailSchema,
  }),
  statusGateway: endpoint({
    method: 'GET',
    path: '/status/store/:storeCode/gw/:gwMac',
    access: storeRead,
    params: StoreGatewayParamsSchema,
    response: GatewayDetailSchema,
  }),
  // The spec's one call POST /status/store/pagination/{type} is declared once per type, each under its own
  // section and with its own row.
  statusPaginationTag: endpoint({
    method: 'POST',
    path: '/status/store/pagination/tag',
    access: { section: 'tag', need: 'read' },
    body: StoreTagRequestSchema,
    response: StoreTagPageSchema,
  }),
  statusPaginationSensor: endpoint({
    method: 'POST',
    path: '/status/store/pagination/sensor',
    access: { section: 'sensor', need: 'read' },
    body: StoreSensorRequestSchema,
    response: StoreSensorPageSchema,
  }),
  statusPaginationProduct: endpoint({
    method: 'POST',
    path: '/status/store/pagination/product',
    access: { section: 'product', need: 'read' },
    body: StoreProductRequestSchema,
    response: StoreProductPageSchema,
  }),
  systemStatusGateway: endpoint({
    method: 'GET',
    path: '/system/status/gw/:gwMac',
    access: storeRead,
    params: GatewayParamsSchema,
    query: SystemStatusQuerySchema,
    response: SystemStatusHistorySchema,
  }),
  systemStatusServer: endpoint({
    method: 'GET',
    path: '/system/status/server/:serverId',
    access: serverRead,
    params: ServerParamsSchema,
    query: SystemStatusQuerySchema,
    response: SystemStatusHistorySchema,
  }),
  checkLinkGateway: endpoint({
    method: 'GET',
    path: '/check/link/gw/:gwMac',
    access: storeRead,
    params: GatewayParamsSchema,
    response: OkAnswer,
  }),
  // Public per console-core §6; when the headers come along the server narrows the list to the member's stores.
  // Public (console-core §6), but without a session it lists nothing: a member sees its own stores' jobs.
  collectingStore: endpoint({
    method: 'GET',
    path: '/collecting/store',
    access: 'public',
    sessionOptional: true,
    response: CollectingListSchema,
  }),
  // Path not shown in the spec (our choice). Tag write: it stops status checks and OTA jobs, both tag writes.
  collectingStop: endpoint({
    method: 'POST',
    path: '/collecting/stop',
    access: { section: 'tag', need: 'write' },
    body: CollectingStopBodySchema,
    response: OkAnswer,
  }),
  version: endpoint({ method: 'GET', path: '/version', access: 'session', response: VersionInfoSchema }),
  tagTypeInfo: endpoint({ method: 'GET', path: '/tag/type/info', access: 'session', response: TagTypeInfoListSchema }),
  tagType: endpoint({
    method: 'GET',
    path: '/tag/type',
    access: { section: 'tag', need: 'read' },
    query: TagTypeQuerySchema,
    response: TagTypeInfoListSchema,
  }),
};
