import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GatewayConfig, GatewayConfigBody } from '../../../contract/schemas/settings-store';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { useOpeningLoad } from '../../ui/use-opening-load';
import {
  changedEntries,
  entriesOf,
  entryOf,
  formValuesOf,
  GATEWAY_CONFIG_FIELDS,
  isValidGatewaySetting,
  settingName,
  type GatewayConfigField,
} from './gateway-config-validation';

/** Which gateways the modal edits: one (gateway detail, or one selected row), a selection, or ALL of the store. */
// spec: core §2.37 — the update modal works on one gateway or on ALL
export type GatewayUpdateTarget = { gwMacs: readonly string[] } | 'all';

interface Props {
  storeCode: string;
  target: GatewayUpdateTarget | undefined;
  onClose: () => void;
  /** After the server stored a change: the page reloads what it shows. */
  onSaved: () => void;
}

/** The stored configs of the target's gateways: one through the single read, several through the store's list. */
function loadConfigs(storeCode: string, target: GatewayUpdateTarget): Promise<GatewayConfig[]> {
  if (target !== 'all' && target.gwMacs.length === 1) {
    return api.call(endpoints.gatewayConfigGet, { params: { storeCode, gwMac: target.gwMacs[0] } }).then((config) => [config]);
  }
  return api
    .call(endpoints.gatewayConfigList, { params: { storeCode } })
    .then((list) => (target === 'all' ? list : list.filter((config) => target.gwMacs.includes(config.gwMac))));
}

const NUMBER_FIELDS: readonly GatewayConfigField[] = ['gwIndex', 'channelGroupIndex', 'eslServerPort'];

/**
 * The gateway update modal (console-core §2, §5; console-admin §5): the same fields and rules for one gateway and
 * for ALL gateways of a store. Only what changed is sent; nothing changed is 'No changed!'. One gateway goes
 * through the single update, several through the ALL update, which answers the gateways it could not store.
 */
// spec: admin §2.21 — gateway config update modal (one gateway or ALL)
export function GatewayUpdateModal({ storeCode, target, onClose, onSaved }: Props) {
  const { t } = useTranslation('store');
  const dialogs = useDialogs();
  const configs = useOpeningLoad(target, (opened) => loadConfigs(storeCode, opened), onClose);

  const before = useMemo(() => (configs ?? []).map(entryOf), [configs]);
  const several = before.length > 1;

  const fields = useMemo<FormField[]>(
    () =>
      before.flatMap((entry) =>
        GATEWAY_CONFIG_FIELDS.map((field, i) => ({
          name: settingName(entry.gwMac, field),
          label: t(`update.fields.${field}`),
          heading: several && i === 0 ? t('update.gateway', { gw: entry.gwMac }) : undefined,
          inputMode: NUMBER_FIELDS.includes(field) ? ('numeric' as const) : undefined,
          validate: (value: string) => (isValidGatewaySetting(field, value) ? undefined : t(`update.invalid.${field}`)),
        })),
      ),
    [before, several, t],
  );

  const submit = async (values: FormValues) => {
    const changed = changedEntries(
      before,
      entriesOf(
        values,
        before.map((e) => e.gwMac),
      ),
    );
    if (!changed.length) return dialogs.error(t('update.noChangeMessage'), t('update.noChangeTitle'));
    if (!several) {
      const { gwMac, ...settings } = changed[0];
      await api.call(endpoints.gatewayConfigUpdate, { params: { storeCode, gwMac }, body: settings as GatewayConfigBody });
      void dialogs.toast(t('update.done', { gw: gwMac }), 'success');
    } else {
      const gwList = changed as (GatewayConfigBody & { gwMac: string })[];
      const answer = await api.call(endpoints.gatewayConfigUpdateAll, { params: { storeCode }, body: { gwList } });
      if (answer.gwNG.length) await dialogs.error(t('update.notStored', { list: answer.gwNG.join(', ') }));
      void dialogs.toast(t('update.doneAll', { count: answer.gwOK.length }), 'success');
    }
    onSaved();
    onClose();
  };

  return (
    <FormModal
      isOpen={Boolean(target && configs)}
      title={target === 'all' ? t('update.titleAll') : t('update.title')}
      testId="gw-update-modal"
      fields={fields}
      initial={formValuesOf(before)}
      submitLabel={t('update.save')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
