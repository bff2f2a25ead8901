import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specDir } from '../../scripts/spec-quotes';
import { BY_HAND, buildTrace, committedSpecItems, readCode, readSpecItems, SPEC_TRACE_FILE } from '../../scripts/spec-trace';

/*
 * docs/spec-trace.md (issue 33): every spec item → where it is built → which test mentions it. The items are kept
 * in docs/spec-items.json so this runs without the specs; the trace is what scripts/spec-trace.ts makes of them and
 * of the code today, so a route, call, message or test that moves shows here until `npm run spec:trace` is run.
 */
describe('the spec trace', () => {
  const items = committedSpecItems();

  it.skipIf(!specDir())('numbers the items the specs beside the project hold today (npm run spec:trace rewrites them)', () => {
    expect(items).toEqual(readSpecItems(specDir() as string));
  });

  it('numbers every section\'s items, the loading modal as issue 33 cites it (admin §2.31)', () => {
    expect(items.length).toBeGreaterThan(400);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.find((i) => i.id === 'admin §2.31')?.text).toBe('loading modal');
    expect(items.find((i) => i.id === 'core §7.1')?.calls).toContain('/auth/login');
  });

  it('names only files that exist where it links by hand', () => {
    const missing = Object.values(BY_HAND).flatMap((h) => [...h.built, ...h.tests]).filter((p) => !existsSync(resolve(import.meta.dirname, '../..', p)));
    expect(missing).toEqual([]);
    expect(Object.keys(BY_HAND).filter((id) => !items.some((i) => i.id === id))).toEqual([]);
  });

  it('is the trace the code gives today (npm run spec:trace rewrites it)', async () => {
    expect(readFileSync(SPEC_TRACE_FILE, 'utf8')).toBe(buildTrace(items, await readCode()));
  }, 60_000);
});
