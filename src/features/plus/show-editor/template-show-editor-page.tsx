import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import { templateScreen } from '../../../../contract/plus-show-rules';
import { useCall } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { AssetLibraryProvider } from './asset-thumbs';
import { addShow, docOf, showsOf, type EditorDoc } from './editor-model';
import { ShowEditor } from './show-editor';
import { ShowEditorFrame } from './show-editor-frame';
import { useFreshRead } from './use-fresh-read';
import { useTemplateSave } from './use-template-save';
import { useRouteParams } from '../../../ui/use-route-params';

/**
 * /plus/template/show/:storeCode/:templateId/:mode/:size — the same editor for a template (plus-signage §2.3);
 * mode is new or edit, size names the screen ('23.1', '29', '35.4' or 'WxH', §5).
 */
export default function TemplateShowEditorPage() {
  const { storeCode = '', mode = 'edit', templateId = '', size = '' } = useRouteParams();
  const { t } = useTranslation('plusShowEditor');
  const writable = canWrite(useSession(), 'plus');
  const templates = useTemplateSave();
  const isNew = mode === 'new';
  // A new template overwrites itself once this editor has stored it.
  const stored = useRef(!isNew);
  const once = { revalidateIfStale: false, revalidateOnReconnect: false } as const;
  const template = useFreshRead(
    endpoints.plusTemplateGet,
    isNew ? null : { storeCode, name: templateId },
    `${storeCode}/${templateId}/${mode}`,
  );
  // Read again on each visit: a schedule made meanwhile on the schedule list must be offered.
  const schedules = useCall(endpoints.plusScheduleAll, { params: { storeCode } }, { ...once, revalidateOnMount: true });
  const screen = useMemo(() => templateScreen(size), [size]);
  // Templates carry no product show index: no slide is locked (plus-signage §3 template fields).
  const initial = useMemo(
    () => (isNew ? addShow(docOf([], null)) : template.data ? docOf(template.data.show, null) : undefined),
    [isNew, template.data],
  );

  const title = t(isNew ? 'title.templateNew' : 'title.template', { name: templateId, size });
  const message = !screen ? t('template.badSize', { size }) : template.error ? template.error.message : t('loading');
  const status = !screen || !initial ? { text: message, error: !screen || Boolean(template.error) } : undefined;

  const save = async (doc: EditorDoc) => {
    const done = await templates.save({ storeCode, name: templateId, size, show: showsOf(doc), overwrite: stored.current });
    if (!done) throw new Error(t('template.notSaved'));
    stored.current = true;
  };

  return (
    <ShowEditorFrame title={title} status={status}>
      {(actionsHost) =>
        screen &&
        initial && (
          <AssetLibraryProvider storeCode={storeCode}>
            <ShowEditor
              actionsHost={actionsHost}
              screen={screen}
              initial={initial}
              schedules={schedules.data}
              schedulesError={schedules.error?.message}
              writable={writable}
              onSave={save}
            />
          </AssetLibraryProvider>
        )
      }
    </ShowEditorFrame>
  );
}
