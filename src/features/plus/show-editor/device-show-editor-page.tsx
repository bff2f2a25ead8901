import { useMemo } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { albumsOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { endpoints } from '../../../../contract/endpoints';
import { showsForSave } from '../../../../contract/plus-show-rules';
import { api, useCall } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { useDialogs } from '../../../ui/dialogs';
import { AssetLibraryProvider } from './asset-thumbs';
import { docOf, screenLabel, showsOf, type EditorDoc } from './editor-model';
import { ProductLabelContext } from './object-face';
import { ShowEditor, type SaveNotice } from './show-editor';
import { ShowEditorFrame } from './show-editor-frame';
import { useFreshRead } from './use-fresh-read';
import { useTemplateSave } from './use-template-save';
import { useRouteParams } from '../../../ui/use-route-params';

/** /plus/device/show/:storeCode/:mac — a device's own show list (plus-signage §2.3, §4). */
export default function DeviceShowEditorPage() {
  const { storeCode = '', mac = '' } = useRouteParams();
  const { t } = useTranslation('plusShowEditor');
  const writable = canWrite(useSession(), 'plus');
  const dialogs = useDialogs();
  const templates = useTemplateSave();
  const params = { storeCode, mac };
  // The list is read fresh (useFreshRead); the rest may come from the cache and refresh, it never resets the history.
  const once = { revalidateIfStale: false, revalidateOnReconnect: false } as const;
  const data = useFreshRead(endpoints.plusDeviceShow, params, `${storeCode}/${mac}`);
  const info = useCall(endpoints.plusDeviceInfo, { params }, once);
  // Read again on each visit: a schedule made meanwhile on the schedule list must be offered.
  const schedules = useCall(endpoints.plusScheduleAll, { params: { storeCode } }, { ...once, revalidateOnMount: true });
  const codes = info.data?.product ?? [];
  const products = useSWR(codes.length ? ['plusProducts', storeCode, codes.join(',')] : null, () =>
    api.call(endpoints.plusProducts, { params: { storeCode }, body: { prCodeList: codes } }),
  );

  const initial = useMemo(() => (data.data ? docOf(data.data.show, data.data.productShowIdx) : undefined), [data.data]);
  const screen = useMemo(() => (data.data ? { width: data.data.screenWidth, height: data.data.screenHeight } : undefined), [data.data]);
  // Product numbers name the device's products in order (plus-signage §3 device product list).
  const productLabel = useMemo(() => {
    const names = new Map((products.data ?? []).map((p) => [p.prCode, p.prInfo[0] ?? '']));
    return (n: number) => (codes[n] ? `#${n + 1} ${codes[n]}${names.get(codes[n]) ? ` ${names.get(codes[n])}` : ''}` : `#${n + 1}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- codes follow info.data
  }, [info.data, products.data]);

  const title = info.data?.template ? t('title.deviceWithTemplate', { mac, template: info.data.template }) : t('title.device', { mac });
  const status = !initial || !screen ? { text: data.error ? data.error.message : t('loading'), error: Boolean(data.error) } : undefined;

  const saveDevice = async (doc: EditorDoc): Promise<SaveNotice | undefined> => {
    const before = info.data?.template ?? '';
    const answer = await api.call(endpoints.plusDeviceShowSave, {
      params,
      body: { show: showsForSave(showsOf(doc), 'device'), productShowIdx: doc.productShowIdx },
    });
    await info.mutate();
    // §4: a list that differs from the template detaches the device from it; the save's toast says so.
    return before && !answer.template ? { message: t('template.detached', { name: before }), color: 'warning' } : undefined;
  };

  /** §4: a template saved from the device is offered to the device, linked without overwriting its list. */
  const saveAsTemplate = async (doc: EditorDoc, saveEditor: () => Promise<boolean>) => {
    const name = await templates.askName();
    if (!name || !screen) return;
    try {
      if (!(await templates.save({ storeCode, name, size: screenLabel(screen), show: showsOf(doc), overwrite: false }))) return;
      if (!(await dialogs.confirm(t('template.setOnDevice', { name, mac }), t('template.saved', { name }))))
        return void dialogs.toast(t('template.saved', { name }), 'success');
      // The device's list must be the template's before the link, or the next save would detach it at once.
      if (!(await saveEditor())) return;
      await api.call(endpoints.plusDeviceTemplateSave, { params: { storeCode }, body: { macList: [mac], template: name, flag: false } });
      await info.mutate();
      void dialogs.toast(t('template.linked', { name }), 'success');
    } catch (e) {
      await dialogs.error((e as Error).message);
    }
  };

  return (
    <ShowEditorFrame title={title} status={status}>
      {(actionsHost) =>
        initial &&
        screen && (
          <AssetLibraryProvider storeCode={storeCode}>
            <ProductLabelContext.Provider value={productLabel}>
              <ShowEditor
                actionsHost={actionsHost}
                screen={screen}
                initial={initial}
                schedules={schedules.data}
                schedulesError={schedules.error?.message}
                writable={writable}
                onSave={saveDevice}
                extraActions={(doc, saveEditor) => (
                  <IonButton onClick={() => void saveAsTemplate(doc, saveEditor)} data-testid="show-save-template">
                    <IonIcon slot="start" icon={albumsOutline} aria-hidden="true" />
                    {t('toolbar.saveAsTemplate')}
                  </IonButton>
                )}
              />
            </ProductLabelContext.Provider>
          </AssetLibraryProvider>
        )
      }
    </ShowEditorFrame>
  );
}
