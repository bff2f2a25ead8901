import type { FastifyInstance } from 'fastify';
import { exceptionsEndpoints } from '../../contract/endpoints/exceptions';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { exceptionList, exceptionStats, type ExceptionKind } from '../repos/exceptions';

/** The store in the path is checked by the auth hook (unknown → 400, not the member's → 403). */
export function exceptionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, exceptionsEndpoints.statsExceptions, ({ params }) => exceptionStats(db, params.storeCode));

  const list =
    (kind: ExceptionKind) =>
    ({ params }: { params: { storeCode: string } }) =>
      exceptionList(db, params.storeCode, kind);
  route(app, deps, exceptionsEndpoints.tagErrorList, list('error'));
  route(app, deps, exceptionsEndpoints.tagNoProductList, list('noproduct'));
  route(app, deps, exceptionsEndpoints.tagLowBatteryList, list('lowbattery'));
  route(app, deps, exceptionsEndpoints.tagDuplicateList, list('duplicate'));
}
