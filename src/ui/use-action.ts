import { useCallback } from 'react';
import { useDialogs } from './dialogs';

type ToastColor = 'success' | 'danger' | 'warning' | 'medium';

/** What a screen's actions share: how the data is read again, and how a failure is shown. */
export interface ActionFlow {
  /** Reads the screen's data again after the call succeeded; awaited when it returns a promise (SWR's mutate). */
  reload?: () => unknown;
  /**
   * Reload after a failed call too: screens whose refused change may still have changed something on the server
   * (a partly done delete, a task that moved on) show the server's state after the error alert.
   */
  reloadAfterFailure?: boolean;
  /** The error alert's title; the dialogs' 'Error' when none. */
  errorTitle?: string;
  /**
   * The error alert's message instead of the error's own: a fixed one (screens whose spec quotes one message for any
   * failure), or one made from the error (a server code added to it).
   */
  failed?: string | ((error: unknown) => string);
}

/** One action: ask, call, tell. Fields given here win over the screen's ActionFlow. */
export interface Action<T> extends ActionFlow {
  /** Asked before the call; Cancel ends the action with no call. `true` asks the dialogs' 'Are you sure?'. */
  confirm?: string | true;
  confirmTitle?: string;
  call: () => Promise<T>;
  /** The toast after success, from the call's answer when a function; empty or undefined shows none. */
  done?: string | ((answer: T) => string | undefined);
  /** The toast's colour, 'success' unless told (a count of 0 can be a warning). */
  doneColor?: ToastColor | ((answer: T) => ToastColor);
}

/*
 * The flow that screens had written out by hand, one copy each: confirm → call → success toast, or the error alert →
 * reload. One primitive keeps the order of the dialogs the same on every screen: the error alert is awaited before
 * the reload, so a list never changes under an open alert, and a cancelled question never calls the server.
 */
export function useAction(flow: ActionFlow = {}) {
  const dialogs = useDialogs();
  const { reload, reloadAfterFailure, errorTitle, failed } = flow;

  // Resolves once the action is over, told either way: a row action's run or a button's handler awaits nothing more.
  return useCallback(
    async <T>(action: Action<T>): Promise<void> => {
      // An action's field left undefined keeps the screen's, rather than unsetting it.
      const merged = {
        ...action,
        reload: action.reload ?? reload,
        reloadAfterFailure: action.reloadAfterFailure ?? reloadAfterFailure,
        errorTitle: action.errorTitle ?? errorTitle,
        failed: action.failed ?? failed,
      };
      if (merged.confirm) {
        const message = merged.confirm === true ? undefined : merged.confirm;
        if (!(await dialogs.confirm(message, merged.confirmTitle))) return;
      }
      let answer: T;
      try {
        answer = await merged.call();
      } catch (error) {
        const message = typeof merged.failed === 'function' ? merged.failed(error) : (merged.failed ?? (error as Error).message);
        await dialogs.error(message, merged.errorTitle);
        if (merged.reloadAfterFailure) await merged.reload?.();
        return;
      }
      const done = typeof merged.done === 'function' ? merged.done(answer) : merged.done;
      const color = typeof merged.doneColor === 'function' ? merged.doneColor(answer) : (merged.doneColor ?? 'success');
      // The toast and the reload start together (the hand-written copies had either order, neither awaited before the
      // other showed); the action ends once the data has been read again.
      const reloading = merged.reload?.();
      if (done) void dialogs.toast(done, color);
      await reloading;
    },
    [dialogs, reload, reloadAfterFailure, errorTitle, failed],
  );
}
