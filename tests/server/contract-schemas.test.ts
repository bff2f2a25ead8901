import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints/index';
import { validators } from '../../server/app';

/*
 * The server compiles a call's validators on the call's first use (server/app.ts), so a schema Ajv cannot compile
 * would otherwise surface only when someone first makes that call. Every schema of the contract compiles here, with
 * the server's own two validators (bodies without coercion, path and query with).
 */
describe('the contract schemas', () => {
  it('all compile with the validators the server uses', () => {
    const { body, other } = validators();
    let compiled = 0;
    for (const [name, e] of Object.entries(endpoints)) {
      const parts = e as { params?: object; query?: object; body?: object };
      for (const [ajv, schema] of [
        [other, parts.params],
        [other, parts.query],
        [body, parts.body],
      ] as const) {
        if (!schema) continue;
        expect(() => ajv.compile(schema), name).not.toThrow();
        compiled++;
      }
    }
    expect(compiled).toBeGreaterThan(250);
  });
});
