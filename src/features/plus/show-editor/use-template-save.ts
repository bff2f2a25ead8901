import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../platform/contract-client';
import type { Show } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { showsForSave } from '../../../../contract/plus-show-rules';
import { api } from '../../../platform/api';
import { useAlertQuestion, useDialogs } from '../../../ui/dialogs';

export interface TemplateSaveArgs {
  storeCode: string;
  name: string;
  size: string;
  show: Show[];
  /** Replace without asking (an edit of the template, or one this editor already stored). */
  overwrite: boolean;
}

/**
 * Storing a template (plus-signage §5 template create): an existing name answers 409, and the spec's two
 * sentences ask whether to overwrite. Resolves true when stored, false when the member chose not to overwrite.
 * Product objects take their chosen number as index on a template (§5).
 */
export function useTemplateSave() {
  const { t } = useTranslation('plusShowEditor');
  const dialogs = useDialogs();
  const ask = useAlertQuestion();

  const save = async ({ storeCode, name, size, show, overwrite }: TemplateSaveArgs): Promise<boolean> => {
    const call = (again: boolean) =>
      api.call(endpoints.plusTemplateSave, {
        params: { storeCode },
        body: { _id: name, size, show: showsForSave(show, 'template'), overwrite: again },
      });
    try {
      await call(overwrite);
      return true;
    } catch (e) {
      if (!(e instanceof ApiFailure) || e.status !== 409) throw e;
      if (!(await dialogs.confirm(t('template.overwrite'), t('template.registered')))) return false;
      await call(true);
      return true;
    }
  };

  /** A name for a new template; undefined when cancelled, and an empty name is ignored (§5). */
  const askName = () =>
    ask({
      header: t('template.saveAs'),
      inputs: [
        { name: 'name', type: 'text', placeholder: t('template.name'), attributes: { maxlength: 100, 'aria-label': t('template.name') } },
      ],
      cancel: t('template.cancel'),
      ok: t('template.ok'),
      read: (values) => (values as { name?: string } | undefined)?.name?.trim() || undefined,
    });

  return { save, askName };
}
