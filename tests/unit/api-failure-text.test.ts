import { describe, expect, it } from 'vitest';
import { ApiFailure, createClient } from '../../src/platform/contract-client';
import { closesDialog } from '../../src/features/members/save-failure';
import { endpoints } from '../../contract/endpoints';

/*
 * console-admin §8 / NOTES.md 2: a failure shows the server's message, or "statusText (status)" when the answer
 * carries none; a save failure without a message closes the member, role or account dialog first.
 */
const clientAnswering = (res: Response) =>
  createClient({ baseUrl: 'http://test/api', credentials: () => ({ accessToken: 't', email: 'a@b.test' }), fetch: async () => res });

async function failureOf(res: Response): Promise<ApiFailure> {
  try {
    await clientAnswering(res).call(endpoints.roleList, {});
  } catch (error) {
    return error as ApiFailure;
  }
  throw new Error('the call did not fail');
}

describe('failure text', () => {
  it('shows the server’s message when the answer has one', async () => {
    const failure = await failureOf(
      new Response(JSON.stringify({ code: 'X', message: 'No company information.' }), { status: 403, statusText: 'Forbidden' }),
    );
    expect(failure.message).toBe('No company information.');
    expect(failure.fromServer).toBe(true);
    expect(closesDialog(failure)).toBe(false);
  });

  // spec: admin §8.2, admin §8.4 — statusText (status) without a message; that save failure closes the dialog
  it('falls back to "statusText (status)" for an answer without a message, and that closes the dialog', async () => {
    const failure = await failureOf(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(failure.message).toBe('Bad Gateway (502)');
    expect(failure.fromServer).toBe(false);
    expect(closesDialog(failure)).toBe(true);
    const empty = await failureOf(new Response(JSON.stringify({ code: 1 }), { status: 500, statusText: 'Internal Server Error' }));
    expect(empty.message).toBe('Internal Server Error (500)');
  });

  it('says "Error (status)" when even the status text is missing (HTTP/2 answers have none)', async () => {
    const failure = await failureOf(new Response(null, { status: 503 }));
    expect(failure.message).toBe('Error (503)');
  });
});
