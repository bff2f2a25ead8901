import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton } from '@ionic/react';
import { DOWNLOAD_TYPE } from '../../../contract/schemas/constants-core';
import type { DownloadFilter } from '../../../contract/schemas/files';
import type { Tag } from '../../../contract/schemas/tags';
import { endpoints } from '../../../contract/endpoints';
import { canWrite, hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable } from '../../ui/data-table';
import { useDownloadTask } from '../../ui/download-task';
import { Page } from '../../ui/page';
import { useViewType, ViewToggle } from '../../ui/view-toggle';
import { TagAssignModal } from '../tag-assign/tag-assign-modal';
import { TAG_DETAIL_DEFAULT_ORDER, TAG_DETAIL_PAGE_SIZES } from './tag-constants';
import { useTagListColumns } from './tag-list-columns';
import { TagPreviewModal } from './tag-preview-modal';
import { TagStoreMap } from './tag-store-map';
import { useTagActions } from './use-tag-actions';
import { useTagStore } from './use-tag-store';
import './tags.css';
import { useRouteParams } from '../../ui/use-route-params';

/** What the table's onDownload hands over: its current filter_/condition_ fields. */
type TableFilterFields = NonNullable<DownloadFilter['table']>;

/** /tag/detail/{storeCode}?viewType (console-core §2 Tag status): the tags of one store as a table or on the map. */
export default function TagDetailPage() {
  const { t } = useTranslation('tags');
  const { storeCode = '' } = useRouteParams();
  const [view, setView] = useViewType();
  const session = useSession();
  const writer = canWrite(session, 'tag');
  const store = useTagStore(storeCode);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const [previewed, setPreviewed] = useState<Tag>();
  const [assigning, setAssigning] = useState(false);
  const download = useDownloadTask();
  const columns = useTagListColumns({ storeCode, showCompany: hasSeveralCompanies(session), onPreview: setPreviewed });
  const actions = useTagActions({ storeCode, statusCheck: Boolean(store.data?.enableTagStatusCheck), onChanged: reload });

  return (
    <Page
      title={t('detail.title', { store: store.data?.storeName ?? storeCode })}
      actions={
        writer && (
          <IonButton onClick={() => setAssigning(true)} data-testid="tag-assign-open">
            {t('actions.assign')}
          </IonButton>
        )
      }
      subheader={<ViewToggle view={view} onChange={setView} testId="tag-view" />}
    >
      {view === 'map' ? (
        <TagStoreMap store={store.data} />
      ) : (
        <DataTable
          id="tag-detail"
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.tagList, params: { storeCode } }}
          rowKey={(r) => r.tagMac}
          pageSizes={TAG_DETAIL_PAGE_SIZES}
          defaultSort={TAG_DETAIL_DEFAULT_ORDER}
          dateRange
          selectable={writer}
          actions={writer ? actions : undefined}
          reloadToken={reloadToken}
          onDownload={(filter) =>
            void (
              download.running ||
              download.start({ type: DOWNLOAD_TYPE.TAG_LIST, storeCode, filter: { table: filter as TableFilterFields } })
            )
          }
        />
      )}
      <TagPreviewModal storeCode={storeCode} tag={previewed} onClose={() => setPreviewed(undefined)} />
      {writer && (
        <TagAssignModal
          storeCode={storeCode}
          isOpen={assigning}
          onClose={(changed) => {
            setAssigning(false);
            if (changed) reload();
          }}
        />
      )}
    </Page>
  );
}
