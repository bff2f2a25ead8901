import { StoreParams } from '../schemas/common';
import {
  DistanceErrorRangeQuerySchema,
  DistanceErrorRangeSchema,
  SensorAssignBodySchema,
  SensorHistoryQuerySchema,
  SensorHistorySchema,
  SensorListPageSchema,
  SensorListRequestSchema,
  SensorTypeListSchema,
  SensorUpdateBodySchema,
  StoreSensorParamsSchema,
} from '../schemas/sensors';
import { TagAlarmHistoryPageSchema, TagAlarmHistoryRequestSchema } from '../schemas/tag-history';
import { TagAssignAnswerSchema, TagBatchAnswerSchema, TagListBodySchema } from '../schemas/tags';
import { endpoint } from './define';

const sensorRead = { section: 'sensor', need: 'read' } as const;
const sensorWrite = { section: 'sensor', need: 'write' } as const;

export const sensorsEndpoints = {
  sensorAssign: endpoint({
    method: 'POST',
    path: '/sensor/assign',
    access: sensorWrite,
    body: SensorAssignBodySchema,
    response: TagAssignAnswerSchema,
  }),
  sensorDeassign: endpoint({
    method: 'POST',
    path: '/sensor/deassign',
    access: sensorWrite,
    body: TagListBodySchema,
    response: TagBatchAnswerSchema,
  }),
  sensorUpdate: endpoint({
    method: 'PUT',
    path: '/sensor/update',
    access: sensorWrite,
    body: SensorUpdateBodySchema,
    response: TagBatchAnswerSchema,
  }),
  sensorType: endpoint({ method: 'GET', path: '/sensor/type', access: sensorRead, response: SensorTypeListSchema }),
  sensorDistanceErrorRange: endpoint({
    method: 'GET',
    path: '/sensor/distance-error-range',
    access: sensorRead,
    query: DistanceErrorRangeQuerySchema,
    response: DistanceErrorRangeSchema,
  }),
  // Path not shown in the spec (our choice), like the tag list.
  sensorList: endpoint({
    method: 'POST',
    path: '/sensor/list/store/:storeCode',
    access: sensorRead,
    params: StoreParams,
    body: SensorListRequestSchema,
    response: SensorListPageSchema,
  }),
  sensorHistory: endpoint({
    method: 'GET',
    path: '/history/store/:storeCode/sensor/:sensorMac',
    access: sensorRead,
    params: StoreSensorParamsSchema,
    query: SensorHistoryQuerySchema,
    response: SensorHistorySchema,
  }),
  // Path not shown in the spec (our choice), beside the measurement history.
  sensorAlarmHistory: endpoint({
    method: 'POST',
    path: '/history/store/:storeCode/sensor/:sensorMac/alarm',
    access: sensorRead,
    params: StoreSensorParamsSchema,
    body: TagAlarmHistoryRequestSchema,
    response: TagAlarmHistoryPageSchema,
  }),
};
