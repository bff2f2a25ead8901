import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { ApiFailure } from '../../../platform/contract-client';
import { useDialogs } from '../../../ui/dialogs';
import { saveBlob } from '../../../ui/save-blob';
import { parseTemplateFile, templateFileText, TemplateFileError, type TemplateFile } from './template-file';

/**
 * Download, export, import and replace-from-file of templates (plus-signage §2.2, §5). A name already registered
 * asks "Would you like to overwrite the template?" under "This template name is already registered.".
 */
export function useTemplateTransfer(storeCode: string, reload: () => void) {
  const { t } = useTranslation('plusTemplates');
  const dialogs = useDialogs();

  const fetchFile = async (name: string): Promise<TemplateFile> => {
    const tpl = await api.call(endpoints.plusTemplateGet, { params: { storeCode, name } });
    return { name: tpl._id, size: tpl.size, show: tpl.show };
  };
  const save = (file: TemplateFile, overwrite: boolean) =>
    api.call(endpoints.plusTemplateSave, { params: { storeCode }, body: { _id: file.name, size: file.size, show: file.show, overwrite } });

  const guarded = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (error instanceof TemplateFileError && error.kind === 'format') return dialogs.error(t('template.invalidFile'));
      if (error instanceof TemplateFileError) return dialogs.error(error.message, t('template.jsonError'));
      await dialogs.error((error as Error).message);
    }
  };

  const exportNames = (names: string[], fileName: string) =>
    guarded(async () => {
      const files = await Promise.all(names.map(fetchFile));
      saveBlob(new Blob([templateFileText(files)], { type: 'application/json' }), fileName);
    });

  /** Each template of the file is saved; a name in use is overwritten only when the user agrees. */
  const importFile = (file: File, replacing?: string) =>
    guarded(async () => {
      const templates = parseTemplateFile(await file.text(), replacing);
      for (const tpl of templates) {
        try {
          await save(tpl, replacing !== undefined);
        } catch (error) {
          if (!(error instanceof ApiFailure && error.status === 409)) throw error;
          if (await dialogs.confirm(t('template.overwrite'), t('template.registered'))) await save(tpl, true);
        }
      }
      reload();
      void dialogs.toast(t('complete'), 'success');
    });

  return {
    download: (name: string) => exportNames([name], `${name}.json`),
    exportSelected: (names: string[]) => exportNames(names, names.length === 1 ? `${names[0]}.json` : `templates-${storeCode}.json`),
    importFile: (file: File) => importFile(file),
    replaceFrom: (name: string, file: File) => importFile(file, name),
  };
}
