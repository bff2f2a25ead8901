import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Server } from '../../api/contract/status';
import { endpoints } from '../../api/endpoints';
import { api } from '../../app/api';
import { canWrite, useSession } from '../../app/session';
import { DataTable } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { useServerColumns } from './server-columns';
import { SERVER_LIST_PAGE_SIZES } from './server-status-constants';
import { useServerList } from './use-servers';

/** console-core §2 Server status: the list, refreshed every second; a row opens its detail. */
export default function ServerListPage() {
  const { t } = useTranslation('servers');
  const session = useSession();
  const dialogs = useDialogs();
  const list = useServerList();
  const { mutate } = list;

  const remove = useCallback(
    async (server: Server) => {
      if (!(await dialogs.confirm())) return;
      try {
        await api.call(endpoints.statusServerDelete, { params: { serverId: server.id } });
        await mutate((rows) => rows?.filter((s) => s.id !== server.id), { revalidate: true });
        void dialogs.toast(t('deleted', { name: server.name }), 'success');
      } catch (error) {
        await dialogs.error((error as Error).message);
      }
    },
    [dialogs, mutate, t],
  );
  const columns = useServerColumns(canWrite(session, 'server') ? remove : undefined);

  return (
    <Page title={t('title')}>
      <DataTable
        id="servers"
        columns={columns}
        source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
        rowKey={(s) => s.id}
        pageSizes={SERVER_LIST_PAGE_SIZES}
        rowHref={(s) => `/server/detail/${encodeURIComponent(s.id)}`}
      />
    </Page>
  );
}
