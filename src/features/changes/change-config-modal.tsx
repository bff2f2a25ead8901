import { useTranslation } from 'react-i18next';
import type { ChangeConfig } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { CHANGE_CATEGORIES } from '../../../contract/endpoints/define';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, joinList, listValue, type FormValues } from '../../ui/form-modal';
import { categoryLabel } from './change-rows';

interface Props {
  config: ChangeConfig | undefined;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Change config: which categories are recorded (all unless turned off) and whether the company column shows. */
export function ChangeConfigModal({ config, isOpen, onClose, onSaved }: Props) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const recorded = CHANGE_CATEGORIES.filter((c) => config?.categories[c] !== false);

  const submit = async (values: FormValues) => {
    const ticked = new Set(listValue(values.categories));
    const categories = Object.fromEntries(CHANGE_CATEGORIES.map((c) => [c, ticked.has(c)]));
    await api.call(endpoints.changeConfigSave, { body: { displayCompany: values.displayCompany === 'true', categories } });
    void dialogs.toast(t('changes.configSaved'), 'success');
    onSaved();
    onClose();
  };

  return (
    <FormModal
      isOpen={isOpen}
      title={t('changes.configTitle')}
      testId="change-config-modal"
      fields={[
        { name: 'displayCompany', label: t('changes.displayCompany'), type: 'checkbox' },
        {
          name: 'categories',
          label: t('changes.recordedCategories'),
          type: 'checkboxes',
          options: CHANGE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) })),
        },
      ]}
      initial={{ displayCompany: config?.displayCompany === false ? '' : 'true', categories: joinList(recorded) }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
