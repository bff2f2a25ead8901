import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_SIZE_DEFAULT } from '../../../../contract/schemas/constants-plus';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { FormModal, type FormValues } from '../../../ui/form-modal';
import { templateEditorPath, TEMPLATE_SIZES } from './template-paths';

/**
 * The template create modal (plus-signage §2.7, §5): a name and a screen size, then the show editor. An empty
 * name is ignored; a name in use asks whether to overwrite that template.
 */
// spec: plus §2.67 — the template create modal
export function TemplateCreateModal({ storeCode, isOpen, onClose }: { storeCode: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('plusTemplates');
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const submit = async (v: FormValues) => {
    const name = v.name.trim();
    if (!name) return;
    const names = await api.call(endpoints.plusTemplateNames, { params: { storeCode } });
    if (names.some((n) => n._id === name) && !(await dialogs.confirm(t('template.overwrite'), t('template.registered')))) return;
    onClose();
    navigate(templateEditorPath(storeCode, name, 'new', v.size));
  };
  return (
    <FormModal
      isOpen={isOpen}
      title={t('template.createTitle')}
      testId="template-create"
      fields={[
        { name: 'name', label: t('template.name') },
        { name: 'size', label: t('template.size'), type: 'select', options: TEMPLATE_SIZES.map((s) => ({ value: s, label: s })) },
      ]}
      initial={{ name: '', size: TEMPLATE_SIZE_DEFAULT }}
      submitLabel={t('template.next')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
