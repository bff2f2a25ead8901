/*
 * What the three assign forms (single, multi, file) share when they submit: the busy flag, the answer line under
 * the form, the failure sound with the field to fix, and the two ways a payload travels — the outbox (single, so
 * that it works offline) or a direct call (multi and file: offline they are refused at once, console-core §8
 * failures end in the 'Error' dialog). Each form keeps only its fields, its checks and its payload.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagAssignBody } from '../../../contract/schemas/tags';
import { enqueue } from '../../offline/outbox';
import { feedback } from '../../scan/input/feedback';
import { useDialogs } from '../../ui/dialogs';
import { outboxResult } from './outbox-result';
import { isOffline } from './tag-assign-part';

export interface AssignNote {
  tone: 'success' | 'danger' | 'warning';
  text: string;
}

/** An Ionic field (setFocus) or a plain element (focus). */
type Focusable = { setFocus(): Promise<void> } | HTMLElement;

/** What a direct call's answer means to the user. */
export interface DirectOutcome {
  /** The success line. */
  text: string;
  /** Whether something was assigned: the parent refreshes its list when the modal closes. */
  assigned: boolean;
  /** Messages of entries the server refused in a 200 answer: shown in the 'Error' dialog. */
  refused?: string[];
}

export function useAssignSubmit(onAssigned: () => void) {
  const { t } = useTranslation('tagAssign');
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<AssignNote>();

  /** A refusal before or after sending: the failure sound, the message, and the field to fix. */
  const refuse = (text: string, focus?: Focusable | null) => {
    feedback.failure();
    setNote({ tone: 'danger', text });
    if (focus && 'setFocus' in focus) void focus.setFocus();
    else focus?.focus();
  };

  /**
   * Through the outbox: waits for the first settled reading (done, refused, or queued until the network is back).
   * Answers whether the assign went through or was queued, so that the form clears its fields.
   */
  const viaOutbox = async (storeCode: string, payload: TagAssignBody, doneText: string): Promise<boolean> => {
    setBusy(true);
    let result;
    try {
      result = await outboxResult(await enqueue({ kind: 'tagAssign', storeCode, payload }));
    } finally {
      setBusy(false);
    }
    if (result.kind === 'failed') {
      refuse(result.message);
      return false;
    }
    if (result.kind === 'done') feedback.success();
    setNote(result.kind === 'done' ? { tone: 'success', text: doneText } : { tone: 'warning', text: t('messages.queued') });
    onAssigned();
    return true;
  };

  /** A direct call: needs the network; its failure is the server's message, or "statusText (status)". */
  const direct = async <T>(send: () => Promise<T>, outcome: (answer: T) => DirectOutcome): Promise<void> => {
    if (isOffline()) return refuse(t('messages.needsConnection'));
    setBusy(true);
    try {
      const answer = outcome(await send());
      feedback.success();
      setNote({ tone: 'success', text: answer.text });
      if (answer.assigned) onAssigned();
      if (answer.refused?.length) await dialogs.error(answer.refused.join('\n'));
    } catch (error) {
      // spec: core §8.16 — a CSV or file assign failure is the generic 'Error' dialog
      feedback.failure();
      const message = isOffline(error) ? t('messages.needsConnection') : (error as Error).message;
      setNote({ tone: 'danger', text: message });
      await dialogs.error(message);
    } finally {
      setBusy(false);
    }
  };

  return { busy, note, refuse, viaOutbox, direct };
}
