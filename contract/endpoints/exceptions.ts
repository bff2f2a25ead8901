import { StoreParams } from '../schemas/common';
import { ExceptionListSchema, ExceptionsStatsSchema } from '../schemas/dashboard';
import { endpoint } from './define';

// Exceptions are tag lists at heart (the NG gateway gauge is a count), so the whole screen is tag read.
const tagRead = { section: 'tag', need: 'read' } as const;
const list = { access: tagRead, params: StoreParams, response: ExceptionListSchema } as const;

export const exceptionsEndpoints = {
  statsExceptions: endpoint({
    method: 'GET',
    path: '/stats/exceptions/store/:storeCode',
    access: tagRead,
    params: StoreParams,
    response: ExceptionsStatsSchema,
  }),
  tagErrorList: endpoint({ method: 'GET', path: '/tag/error/store/:storeCode/list', ...list }),
  tagNoProductList: endpoint({ method: 'GET', path: '/tag/noproduct/store/:storeCode/list', ...list }),
  tagLowBatteryList: endpoint({ method: 'GET', path: '/tag/lowbattery/store/:storeCode/list', ...list }),
  tagDuplicateList: endpoint({ method: 'GET', path: '/tag/duplicate/store/:storeCode/list', ...list }),
};
