import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { FormModal } from '../../../ui/form-modal';

/**
 * Apply template to the selected devices (plus-signage §2.2, §4): a named template copies its show onto the devices
 * and links them to it; the empty choice unlinks them, and each keeps its own show list.
 */
// spec: plus §2.67 — the template apply modal
export function PlusTemplateApplyModal({
  storeCode,
  macs,
  onDone,
  onClose,
}: {
  storeCode: string;
  macs: string[] | undefined;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  const names = useCall(endpoints.plusTemplateNames, macs ? { params: { storeCode } } : null, { revalidateOnMount: true });
  const options = [
    { value: '', label: t('template.none') },
    ...(names.data ?? []).map((n) => ({ value: n._id, label: `${n._id} (${n.size})` })),
  ];
  return (
    <FormModal
      isOpen={Boolean(macs)}
      title={t('template.title')}
      testId="plus-template-apply"
      fields={[{ name: 'template', label: t('template.choice'), type: 'select', options }]}
      initial={{ template: '' }}
      submitLabel={t('template.apply')}
      onSubmit={async (values) => {
        await api.call(endpoints.plusDeviceTemplateSave, {
          params: { storeCode },
          body: { macList: macs ?? [], template: values.template ?? '', flag: true },
        });
        onDone();
      }}
      onClose={onClose}
    />
  );
}
