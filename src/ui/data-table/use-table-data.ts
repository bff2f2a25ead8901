import useSWR from 'swr';
import type { ApiFailure } from '../../platform/contract-client';
import { buildTableRequest, type TablePage, type TableState } from '../../../contract/table';
import { api } from '../../platform/api';
import { pageLocally } from './local-table';
import type { TableSource } from './types';

export interface TableData<Row> {
  page?: TablePage<Row>;
  loading: boolean;
  error?: string;
  /** The failure itself (status, network or not), for a page whose spec logs out on a load failure. */
  failure?: ApiFailure;
  reload: () => void;
}

/** One page of rows for the table's state, from the server (SWR, keyed by the request) or from local rows. */
export function useTableData<Row>(source: TableSource<Row>, state: TableState, refreshInterval?: number, reloadToken = 0): TableData<Row> {
  const server = source.kind === 'server' ? source : undefined;
  const request = server ? buildTableRequest(state, server.extra) : undefined;
  const swr = useSWR<TablePage<Row>, ApiFailure>(
    server ? [server.endpoint.path, JSON.stringify(server.params ?? null), JSON.stringify(request), reloadToken] : null,
    async () => {
      const answer = (await api.call(server!.endpoint, { params: server!.params, body: request } as never)) as TablePage<unknown>;
      return server!.map ? { ...answer, data: answer.data.map(server!.map) } : (answer as TablePage<Row>);
    },
    { keepPreviousData: true, revalidateOnFocus: false, refreshInterval },
  );
  if (source.kind === 'local') {
    return {
      page: source.rows ? pageLocally(source.rows, state) : undefined,
      loading: Boolean(source.loading),
      error: source.error,
      reload: () => undefined,
    };
  }
  return { page: swr.data, loading: swr.isLoading, error: swr.error?.message, failure: swr.error, reload: () => void swr.mutate() };
}
