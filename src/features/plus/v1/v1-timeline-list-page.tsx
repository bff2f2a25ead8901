import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { V1Timeline } from '../../../../contract/schemas/plus-v1';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { FormModal } from '../../../ui/form-modal';
import { V1LibraryList } from './v1-library-list';
import { v1TimelineDevicePath, v1TimelineSchedulePath } from './v1-paths';

/**
 * /plus/v1/timeline (plus-signage §2.6): the timelines with their schedule and device counts; create and rename by
 * name (a blank name is ignored, §5), then the schedule and device editors of a row.
 */
export default function V1TimelineListPage() {
  const { t } = useTranslation('plusV1');
  const writable = canWrite(useSession(), 'plus');
  const [naming, setNaming] = useState<{ id?: string; name: string }>();
  const [reloadToken, setReloadToken] = useState(0);

  return (
    <>
      <V1LibraryList<V1Timeline>
        id="plus-v1-timeline"
        title={t('timeline.title')}
        list={endpoints.plusV1TimelineList}
        remove={endpoints.plusV1TimelineRemove}
        href={(r) => v1TimelineSchedulePath(r.id)}
        create={() => setNaming({ name: '' })}
        reloadToken={reloadToken}
        columns={[
          { field: 'scheduleCount', label: t('timeline.scheduleCount') },
          { field: 'deviceCount', label: t('timeline.deviceCount') },
        ]}
        rowActions={(r) => (
          <>
            <IonButton size="small" fill="clear" routerLink={v1TimelineSchedulePath(r.id)} data-testid="v1-timeline-schedule">
              {t('timeline.schedule')}
            </IonButton>
            <IonButton size="small" fill="clear" routerLink={v1TimelineDevicePath(r.id)} data-testid="v1-timeline-devices">
              {t('timeline.devices')}
            </IonButton>
            {writable && (
              <IonButton size="small" fill="clear" onClick={() => setNaming({ id: r.id, name: r.name })} data-testid="v1-timeline-rename">
                {t('rename')}
              </IonButton>
            )}
          </>
        )}
      />
      <FormModal
        isOpen={Boolean(naming)}
        title={naming?.id ? t('rename') : t('timeline.new')}
        testId="v1-timeline-name"
        fields={[{ name: 'name', label: t('columns.name') }]}
        initial={{ name: naming?.name ?? '' }}
        onClose={() => setNaming(undefined)}
        onSubmit={async ({ name }) => {
          if (name.trim())
            await api.call(endpoints.plusV1TimelineSave, { body: { ...(naming?.id ? { id: naming.id } : {}), name: name.trim() } });
          setNaming(undefined);
          setReloadToken((n) => n + 1);
        }}
      />
    </>
  );
}
