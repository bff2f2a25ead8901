import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useAction, type ActionFlow } from '../../src/ui/use-action';

/*
 * useAction is the confirm → call → toast / error alert → reload flow of every screen's actions. The dialogs are
 * replaced by recorders: what is asserted is which dialogs a member would see, in which order, and whether the
 * server was called and the data read again.
 */
const seen: string[] = [];
let confirmAnswer = true;
const dialogs = {
  confirm: vi.fn(async (message?: string) => {
    seen.push(`confirm:${message ?? 'default'}`);
    return confirmAnswer;
  }),
  toast: vi.fn(async (message: string, color?: string) => void seen.push(`toast:${message}:${color}`)),
  error: vi.fn(async (message: string, title?: string) => void seen.push(`error:${message}:${title ?? 'default'}`)),
};
vi.mock('../../src/ui/dialogs', () => ({ useDialogs: () => dialogs }));

/** The action function of a rendered component, as a screen gets it (the hook runs inside a real React render). */
function renderAction(flow: ActionFlow) {
  let act: ReturnType<typeof useAction> | undefined;
  const Probe = () => {
    act = useAction(flow);
    return null;
  };
  renderToStaticMarkup(createElement(Probe));
  if (!act) throw new Error('useAction was not rendered');
  return act;
}

beforeEach(() => {
  seen.length = 0;
  confirmAnswer = true;
  vi.clearAllMocks();
});

describe('useAction', () => {
  it('makes no call and no reload when the confirmation is cancelled', async () => {
    confirmAnswer = false;
    const reload = vi.fn();
    const call = vi.fn(async () => 'answer');
    const act = renderAction({ reload, reloadAfterFailure: true });
    await act({ confirm: 'Delete it?', call, done: 'Deleted' });
    expect(call).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(seen).toEqual(['confirm:Delete it?']);
  });

  it('on success shows the toast with its message and reloads the data', async () => {
    const reload = vi.fn();
    const call = vi.fn(async () => ({ count: 3 }));
    const act = renderAction({ reload });
    await act({ confirm: 'Delete it?', call, done: (answer) => `Deleted ${answer.count}` });
    expect(call).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['confirm:Delete it?', 'toast:Deleted 3:success']);
    expect(dialogs.error).not.toHaveBeenCalled();
  });

  it('on failure shows the error alert with the error message, and no toast and no reload', async () => {
    const reload = vi.fn();
    const act = renderAction({ reload, errorTitle: 'Store' });
    await act({ confirm: true, call: () => Promise.reject(new Error('Store is in use')), done: 'Deleted' });
    expect(seen).toEqual(['confirm:default', 'error:Store is in use:Store']);
    expect(dialogs.toast).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads after the error alert has closed when the screen asks for it', async () => {
    const reload = vi.fn(() => void seen.push('reload'));
    const act = renderAction({ reload, reloadAfterFailure: true });
    await act({ call: () => Promise.reject(new Error('Refused')), done: 'Done' });
    expect(seen).toEqual(['error:Refused:default', 'reload']);
  });

  it('shows a fixed failure message instead of the error one, and no toast for an empty done', async () => {
    const act = renderAction({ failed: 'Removal failed' });
    await act({ call: () => Promise.reject(new Error('500 Internal')), done: 'Removed' });
    await act({ call: async () => undefined, done: '' });
    expect(seen).toEqual(['error:Removal failed:default']);
  });

  it("makes the failure message from the error when told how, and an action keeps the screen's options it leaves unset", async () => {
    const reload = vi.fn();
    const act = renderAction({ reload, reloadAfterFailure: true, failed: (error) => `${(error as Error).message} (E7)` });
    await act({ call: () => Promise.reject(new Error('Refused')), reload: undefined, failed: undefined });
    expect(seen).toEqual(['error:Refused (E7):default']);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
