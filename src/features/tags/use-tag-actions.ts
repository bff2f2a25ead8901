import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import type { Tag } from '../../../contract/schemas/tags';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import type { TableAction } from '../../ui/data-table';
import { useAction } from '../../ui/use-action';
import { TAG_STATUS_CHECK_CMD } from './tag-constants';

/**
 * console-core §8: a failure without a server message shows `statusText (status)` (the client's rule); a
 * rejection with one shows the message and its code in parentheses.
 */
// spec: core §8.13 — non-200: status text and code in parentheses; a rejection: server message and code
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure && error.code !== undefined && error.code !== '') return `${error.message} (${error.code})`;
  return (error as Error).message;
}

interface Options {
  storeCode: string;
  /** The store allows status checks (store config enableTagStatusCheck). */
  statusCheck: boolean;
  /** After a write: the list reloads. */
  onChanged: () => void;
}

/** The tag writes of the tag list (console-core §2): deassign, status check, reassign, reassign all. */
// spec: core §2.40 — deassign (confirm), status check, reassign, reassign all
export function useTagActions({ storeCode, statusCheck, onChanged }: Options): TableAction<Tag>[] {
  const { t } = useTranslation('tags');
  // A refusal shows the server's message with its code (failureText), on every tag write.
  const act = useAction({ failed: failureText });
  return useMemo(() => {
    const tagList = (rows: Tag[]) => rows.map((r) => r.tagMac);
    const actions: (TableAction<Tag> | false)[] = [
      {
        label: t('actions.deassign'),
        color: 'danger',
        needsSelection: true,
        run: (rows) =>
          act({
            confirm: t('messages.deassignConfirm', { n: rows.length }),
            call: () => api.call(endpoints.tagDeassign, { body: { storeCode, tagList: tagList(rows) } }),
            reload: onChanged,
            done: (answer) => t('messages.deassigned', { count: answer.count }),
          }),
      },
      statusCheck && {
        label: t('actions.statusCheck'),
        needsSelection: true,
        run: (rows) =>
          act({
            call: () => api.call(endpoints.tagStatusCheck, { body: { storeCode, cmd: TAG_STATUS_CHECK_CMD, tagList: tagList(rows) } }),
            done: t('messages.statusCheckStarted'),
          }),
      },
      {
        label: t('actions.reassign'),
        needsSelection: true,
        run: (rows) =>
          act({
            call: () => api.call(endpoints.tagReassign, { body: { storeCode, tagList: tagList(rows) } }),
            reload: onChanged,
            done: (answer) => t('messages.reassigned', { count: answer.count }),
          }),
      },
      {
        label: t('actions.reassignAll'),
        run: () =>
          act({
            confirm: t('messages.reassignAllConfirm', { store: storeCode }),
            call: () => api.call(endpoints.tagReassignAll, { body: { storeCode } }),
            reload: onChanged,
            done: (answer) => answer.message ?? t('messages.reassigned', { count: answer.count }),
            // None reassigned is a warning, not a success.
            doneColor: (answer) => (answer.count ? 'success' : 'warning'),
          }),
      },
    ];
    return actions.filter((a): a is TableAction<Tag> => Boolean(a));
  }, [t, act, storeCode, statusCheck, onChanged]);
}
