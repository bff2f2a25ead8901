import { describe, expect, it } from 'vitest';
import { endpointAreas, endpoints } from '../../contract/endpoints/index';

describe('the list of calls', () => {
  const all = Object.entries(endpoints);

  it('names every call once: no two names share a method and path, and no name is shadowed', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const declared = endpointAreas.reduce((n, area) => n + Object.keys(area).length, 0);
    expect(all.length).toBe(declared);
  });

  it('declares path parameters in the params schema, and every non-public call has an access rule', () => {
    for (const [name, e] of all) {
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys((e as { params?: { properties?: object } }).params?.properties ?? {}).sort();
      expect(declared, name).toEqual(names);
      expect(e.access, name).toBeDefined();
    }
  });

  it('leaves only the calls console-core §6 names without the session headers', () => {
    const open = all
      .filter(([, e]) => e.access === 'public')
      .map(([, e]) => `${e.method} ${e.path}`)
      .sort();
    expect(open).toEqual([
      'GET /auth/login',
      'GET /collecting/store',
      'POST /auth/forget/password',
      'POST /auth/login',
      'POST /auth/signup',
    ]);
  });
});
