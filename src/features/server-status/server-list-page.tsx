import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Server } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { useServerColumns } from './server-columns';
import { SERVER_LIST_PAGE_SIZES } from './server-status-constants';
import { useServerList } from './use-servers';

/** console-core §2 Server status: the list, refreshed every second; a row opens its detail. */
export default function ServerListPage() {
  const { t } = useTranslation('servers');
  const session = useSession();
  const list = useServerList();
  const { mutate } = list;

  const act = useAction();
  // The deleted row leaves the list at once; the list is then read again from the server.
  const remove = useCallback(
    (server: Server) =>
      act({
        confirm: true,
        call: () => api.call(endpoints.statusServerDelete, { params: { serverId: server.id } }),
        reload: () => mutate((rows) => rows?.filter((s) => s.id !== server.id), { revalidate: true }),
        done: t('deleted', { name: server.name }),
      }),
    [act, mutate, t],
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
