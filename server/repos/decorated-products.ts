import type { DecoratedProduct } from '../../contract/schemas/code-scripts';
import type { Db } from '../db/client';
import { runDecorator, type DecoratorKind } from '../lib/sandbox/decorator';
import { raiseSystemAlarm } from './alarms';
import { findScript } from './code-scripts';

/*
 * Kept with the repositories, not in services/: the product update pipeline (product-update.ts) decorates inside
 * its transaction, reading the script and raising the alarm on the same connection, and the Plus screens'
 * product texts (plus-products.ts) are read by other repositories; a repository may not call a service.
 */

/**
 * The decorator of a kind, when switched on (useType 1): products in, decorated products out, in one sandbox
 * call. On failure (the script's, or a sandbox too busy to run it within its time limit) the products come back as
 * they were. `companyCode` is whose turn in the sandbox it takes.
 */
export async function decorateProducts<P extends DecoratedProduct>(
  db: Db,
  kind: DecoratorKind,
  products: P[],
  companyCode?: string,
): Promise<P[]> {
  if (!products.length) return products;
  const run = await runDecorator(kind, await findScript(db, kind), products, companyCode);
  // Only the tag decorator has an alarm type of its own in the spec; the Plus decorator's failure is logged by the caller's answer.
  if (run.failure !== undefined && kind === 'tagDataDecorator') {
    await raiseSystemAlarm(db, { type: 'TAG_DATA_DECORATOR_EXCEPTION', location: 'SYSTEM', data: { message: run.failure } });
  }
  return run.products;
}
