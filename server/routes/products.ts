import type { FastifyInstance } from 'fastify';
import { productsEndpoints } from '../../src/api/endpoints/products';
import { tagsEndpoints } from '../../src/api/endpoints/tags';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { withoutNulls } from '../lib/rows';
import { listProducts, productByCode } from '../repos/products';

export function productRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The assign flow's scan check (declared with the tag calls): the product, or 404 'This product does not exist'.
  route(app, deps, tagsEndpoints.productByCode, async ({ params }) => withoutNulls(await productByCode(deps.db, params.storeCode, params.prCode)));

  // The product list; the handheld pages through it to refuse unknown products offline (issue 4, item 7).
  route(app, deps, productsEndpoints.productList, ({ params, body }) => listProducts(deps.db, params.storeCode, body as Record<string, unknown>));
}
