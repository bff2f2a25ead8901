import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import type { Tag } from '../../api/contract/tags';
import { endpoints } from '../../api/endpoints';
import { api } from '../../app/api';
import type { TableAction } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
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
  const dialogs = useDialogs();
  return useMemo(() => {
    const tagList = (rows: Tag[]) => rows.map((r) => r.tagMac);
    const attempt = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        await dialogs.error(failureText(error));
      }
    };
    const actions: (TableAction<Tag> | false)[] = [
      {
        label: t('actions.deassign'),
        color: 'danger',
        needsSelection: true,
        run: (rows) =>
          attempt(async () => {
            if (!(await dialogs.confirm(t('messages.deassignConfirm', { n: rows.length })))) return;
            const answer = await api.call(endpoints.tagDeassign, { body: { storeCode, tagList: tagList(rows) } });
            onChanged();
            void dialogs.toast(t('messages.deassigned', { count: answer.count }), 'success');
          }),
      },
      statusCheck && {
        label: t('actions.statusCheck'),
        needsSelection: true,
        run: (rows) =>
          attempt(async () => {
            await api.call(endpoints.tagStatusCheck, { body: { storeCode, cmd: TAG_STATUS_CHECK_CMD, tagList: tagList(rows) } });
            void dialogs.toast(t('messages.statusCheckStarted'), 'success');
          }),
      },
      {
        label: t('actions.reassign'),
        needsSelection: true,
        run: (rows) =>
          attempt(async () => {
            const answer = await api.call(endpoints.tagReassign, { body: { storeCode, tagList: tagList(rows) } });
            onChanged();
            void dialogs.toast(t('messages.reassigned', { count: answer.count }), 'success');
          }),
      },
      {
        label: t('actions.reassignAll'),
        run: () =>
          attempt(async () => {
            if (!(await dialogs.confirm(t('messages.reassignAllConfirm', { store: storeCode })))) return;
            const answer = await api.call(endpoints.tagReassignAll, { body: { storeCode } });
            onChanged();
            void dialogs.toast(answer.message ?? t('messages.reassigned', { count: answer.count }), answer.count ? 'success' : 'warning');
          }),
      },
    ];
    return actions.filter((a): a is TableAction<Tag> => Boolean(a));
  }, [t, dialogs, storeCode, statusCheck, onChanged]);
}
