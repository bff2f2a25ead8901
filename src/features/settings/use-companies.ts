import useSWR from 'swr';
import type { Company } from '../../../contract/schemas/settings-company';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';

/** A console has a handful of companies: the whole list is read at once and paged in the browser. */
export function useCompanies() {
  return useSWR<Company[], Error>(
    ['settings', 'companies'],
    async () => {
      const page = await api.call(endpoints.companyConfigList, { body: { draw: 1, start: 0, length: -1 } });
      return page.data;
    },
    { revalidateOnFocus: false },
  );
}
