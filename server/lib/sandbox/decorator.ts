import { DECORATOR_USE_TYPE, type DecoratedProduct } from '../../../contract/schemas/code-scripts';
import { runScriptBatch } from './run-script';

export type DecoratorKind = 'tagDataDecorator' | 'plusDataDecorator';

/** What the decorator made of the products, and the script's error when it failed (the products then come back as they were). */
export interface DecoratorRun<P> {
  products: P[];
  failure?: string;
}

/**
 * Runs a saved decorator over products in one sandbox call, knowing nothing of where the script is kept: the caller
 * reads the script and decides what a failure raises (repos/decorated-products.ts). A script that is off, empty or
 * missing leaves the products alone; fields the script leaves out keep their values. `companyCode` is whose turn in
 * the sandbox it takes.
 */
export async function runDecorator<P extends DecoratedProduct>(
  kind: DecoratorKind,
  script: { code: string; useType: number } | undefined,
  products: P[],
  companyCode?: string,
): Promise<DecoratorRun<P>> {
  if (!script || script.useType !== DECORATOR_USE_TYPE.ON || !script.code.trim()) return { products };
  const result = await runScriptBatch<DecoratedProduct>(
    kind,
    script.code,
    products.map((p) => [p]),
    { tenant: companyCode },
  );
  if (result.ok) return { products: products.map((p, i) => ({ ...p, ...result.output[i] })) };
  return { products, failure: result.error.message };
}
