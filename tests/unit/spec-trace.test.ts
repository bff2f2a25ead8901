import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specDir } from '../../scripts/spec-quotes';
import {
  BY_HAND,
  buildTrace,
  committedSpecItems,
  PROSE,
  readCode,
  readSpecItems,
  SPEC_TRACE_FILE,
  traceItem,
} from '../../scripts/spec-trace';

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

  it("numbers every section's items, the loading modal as issue 33 cites it (admin §2.31)", () => {
    expect(items.length).toBeGreaterThan(400);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.find((i) => i.id === 'admin §2.31')?.text).toBe('loading modal');
    expect(items.find((i) => i.id === 'core §7.1')?.calls).toContain('/auth/login');
  });

  it('names only files that exist where it links by hand', () => {
    const missing = Object.values(BY_HAND)
      .flatMap((h) => [...h.built, ...h.tests])
      .filter((p) => !existsSync(resolve(import.meta.dirname, '../..', p)));
    expect(missing).toEqual([]);
    expect(Object.keys(BY_HAND).filter((id) => !items.some((i) => i.id === id))).toEqual([]);
  });

  // An item listed as prose names no route, call or message, and nothing claims it: a spec comment, a route, call or
  // message link or a link by hand would say it is built or tested after all, and it must then leave the list.
  it('lists as prose only items that name nothing and that no file claims', async () => {
    const code = await readCode();
    const listed = Object.keys(PROSE);
    expect(listed.filter((id) => !items.some((i) => i.id === id))).toEqual([]);
    expect(listed.filter((id) => BY_HAND[id])).toEqual([]);
    const claimed = items
      .filter((i) => PROSE[i.id])
      .filter((i) => i.routes.length || i.calls.length || i.quotes.length || Object.values(traceItem(i, code)).some((x) => x.length))
      .map((i) => i.id);
    expect(claimed).toEqual([]);
    expect(Object.values(PROSE).filter((why) => !why.trim())).toEqual([]);
    const trace = buildTrace(items, code);
    for (const id of listed) expect(trace).toContain(`| ${id} |`);
    expect(trace).toMatch(/prose with nothing to test: \d+; without a test: \d+\./);
  }, 60_000);

  it('is the trace the code gives today (npm run spec:trace rewrites it)', async () => {
    expect(readFileSync(SPEC_TRACE_FILE, 'utf8')).toBe(buildTrace(items, await readCode()));
  }, 60_000);
});
