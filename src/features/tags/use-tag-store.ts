import useSWR from 'swr';
import type { ApiFailure } from '../../platform/contract-client';
import type { StoreTagRow } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';

/**
 * The store row of the tag store list for one store: its name, position, health and whether status checks are
 * enabled. Read through the tag section's own call, so that tag readers need no store privilege for it.
 */
export function useTagStore(storeCode: string) {
  return useSWR<StoreTagRow | undefined, ApiFailure>(
    ['tag-store', storeCode],
    async () => {
      const page = await api.call(endpoints.statusPaginationTag, {
        body: { draw: 1, start: 0, length: 1, filter_storeCode: storeCode, condition_storeCode: '==' },
      });
      return page.data.find((row) => row.storeCode === storeCode);
    },
    { revalidateOnFocus: false },
  );
}
