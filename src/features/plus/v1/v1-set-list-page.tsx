import { useTranslation } from 'react-i18next';
import type { V1Set } from '../../../../contract/schemas/plus-v1';
import { endpoints } from '../../../../contract/endpoints';
import { V1LibraryList } from './v1-library-list';
import { v1SetEditPath } from './v1-paths';

/** /plus/v1/set (plus-signage §2.6): the sets, each a list of shows and the price entry. */
export default function V1SetListPage() {
  const { t } = useTranslation('plusV1');
  return (
    <V1LibraryList<V1Set>
      id="plus-v1-set"
      title={t('set.title')}
      list={endpoints.plusV1SetList}
      remove={endpoints.plusV1SetRemove}
      href={(r) => v1SetEditPath(r.id)}
      create={v1SetEditPath()}
      columns={[
        { field: 'duration', label: t('show.duration'), sortable: false },
        { field: 'items', label: t('set.items'), sortable: false, render: (r) => r.list.length },
      ]}
    />
  );
}
