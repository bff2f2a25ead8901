import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_MODAL_DELAY_MS, withLoadingModal, type LoadingOverlay } from '../../src/ui/loading-modal';

/** An overlay that records what the loading modal did with it. */
function recorder() {
  const events: string[] = [];
  const overlay = async (message: string): Promise<LoadingOverlay> => {
    events.push(`create ${message}`);
    return {
      present: async () => void events.push('present'),
      dismiss: async () => void events.push('dismiss'),
    };
  };
  return { events, overlay };
}

const after = (ms: number, value = 'done') => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

describe('the loading modal (console-admin §2)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('covers a long operation with its message and leaves when it ends', async () => {
    const { events, overlay } = recorder();
    const run = withLoadingModal('Uploading the software file…', () => after(2_000), overlay);
    await vi.advanceTimersByTimeAsync(LOADING_MODAL_DELAY_MS);
    expect(events).toEqual(['create Uploading the software file…', 'present']);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(run).resolves.toBe('done');
    expect(events.at(-1)).toBe('dismiss');
  });

  it('does not flash for a quick call', async () => {
    const { events, overlay } = recorder();
    const run = withLoadingModal('…', () => after(LOADING_MODAL_DELAY_MS - 100), overlay);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(run).resolves.toBe('done');
    expect(events).toEqual([]);
  });

  it('leaves before a failure reaches the caller, so the error dialog is not hidden behind it', async () => {
    const { events, overlay } = recorder();
    const run = withLoadingModal('…', () => after(1_000).then(() => Promise.reject(new Error('refused'))), overlay);
    const failure = run.catch((error: Error) => (events.push(`caller sees ${error.message}`), 'caught'));
    await vi.advanceTimersByTimeAsync(1_000);
    await failure;
    expect(events).toEqual(['create …', 'present', 'dismiss', 'caller sees refused']);
  });
});
