import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { V1Show } from '../../../../contract/schemas/plus-v1';
import { endpoints } from '../../../../contract/endpoints';
import { V1LibraryList } from './v1-library-list';
import { v1ShowEditPath } from './v1-paths';

/**
 * /plus/v1/show (plus-signage §2.6). "Apply template" opens the editor on a copy of the one selected show (our
 * reading: a show serves as the template of a new one; the spec shows nothing more).
 */
export default function V1ShowListPage() {
  const { t } = useTranslation('plusV1');
  const navigate = useNavigate();
  return (
    <V1LibraryList<V1Show>
      id="plus-v1-show"
      title={t('show.title')}
      list={endpoints.plusV1ShowList}
      remove={endpoints.plusV1ShowRemove}
      href={(r) => v1ShowEditPath(r.id)}
      create={v1ShowEditPath()}
      columns={[
        { field: 'resolution', label: t('show.resolution'), filter: 'text' },
        { field: 'deviceCount', label: t('show.deviceCount') },
        { field: 'contentLayout', label: t('show.contentLayout'), sortable: false },
      ]}
      actions={[
        {
          label: t('show.applyTemplate'),
          needsSelection: true,
          run: (rows) => navigate(`${v1ShowEditPath()}?template=${encodeURIComponent(rows[0].id)}`),
        },
      ]}
    />
  );
}
