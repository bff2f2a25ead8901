import { OkAnswer } from '../schemas/common';
import {
  ChannelSettingQuerySchema,
  ChannelSettingSchema,
  GatewayAlarmHistoryPageSchema,
  GatewayAlarmHistoryRequestSchema,
  GatewayParamsSchema,
  PredefinedAnswerSchema,
  PredefinedBodySchema,
  StoreGatewayParamsSchema,
} from '../schemas/gateways';
import { endpoint } from './define';

const storeWrite = { section: 'store', need: 'write' } as const;

export const gatewaysEndpoints = {
  gatewayReboot: endpoint({
    method: 'POST',
    path: '/gw/reboot/:gwMac',
    access: storeWrite,
    params: GatewayParamsSchema,
    response: OkAnswer,
  }),
  gatewayPredefined: endpoint({
    method: 'POST',
    path: '/gw/predefined',
    access: storeWrite,
    body: PredefinedBodySchema,
    response: PredefinedAnswerSchema,
  }),
  gatewayChannelGet: endpoint({
    method: 'GET',
    path: '/config/gw/channel',
    access: { section: 'store', need: 'read' },
    query: ChannelSettingQuerySchema,
    response: ChannelSettingSchema,
  }),
  gatewayChannelSave: endpoint({
    method: 'POST',
    path: '/config/gw/channel',
    access: storeWrite,
    body: ChannelSettingSchema,
    response: OkAnswer,
  }),
  // Path not shown in the spec (our choice), beside the other gateway config paths.
  gatewayDelete: endpoint({
    method: 'DELETE',
    path: '/config/gw/store/:storeCode/gw/:gwMac',
    access: storeWrite,
    params: StoreGatewayParamsSchema,
    response: OkAnswer,
  }),
  // Path not shown in the spec (our choice): the store in the path lets assigned-store checks apply.
  gatewayAlarmHistory: endpoint({
    method: 'POST',
    path: '/history/store/:storeCode/gw/:gwMac/alarm',
    access: { section: 'store', need: 'read' },
    params: StoreGatewayParamsSchema,
    body: GatewayAlarmHistoryRequestSchema,
    response: GatewayAlarmHistoryPageSchema,
  }),
};
