import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtaFirmwareInfo, OtaGateway } from '../../../contract/schemas/ota';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { DataTable, type Column } from '../../ui/data-table';
import { DetailCard, DetailFacts } from '../../ui/detail-card';
import { useDialogs } from '../../ui/dialogs';
import { FilePickButton } from '../../ui/file-pick-button';
import { TextField } from '../../ui/fields';
import { HealthBadge } from '../../ui/status-badge';
import { withLoadingModal } from '../../ui/loading-modal';
import { hexVersion, OTA_DEFAULTS, OTA_GATEWAY_PAGE_SIZES } from './ota-constants';
import {
  hasFirmwareExtension,
  HEX_FIELDS,
  OTA_FIELDS,
  otaStartProblem,
  parseOtaNumber,
  type OtaFormValues,
  type OtaProblem,
} from './ota-validation';

// spec: admin §9.8 — the OTA start form opens with the spec's defaults
const EMPTY: OtaFormValues = {
  fwName: '',
  otaType: '',
  tagVersion: '',
  startVersion: '',
  endVersion: '',
  ...(Object.fromEntries(Object.entries(OTA_DEFAULTS).map(([k, v]) => [k, String(v)])) as Record<keyof typeof OTA_DEFAULTS, string>),
};
const hexText = (n: number) => hexVersion(n);

/**
 * The start of an OTA job in one store (console-admin §2, §5, §8): the store's gateways (not paged) to tick, the
 * firmware (.bin) whose header the server reads, every parameter with its default, the spec's checks, then
 * 'OTA Start Success'.
 */
export function OtaStartPanel({ storeCode, writable, onStarted }: { storeCode: string; writable: boolean; onStarted: () => void }) {
  const { t } = useTranslation('ota');
  const dialogs = useDialogs();
  const gateways = useCall(endpoints.otaGatewayList, { params: { storeCode } });
  const [file, setFile] = useState<File>();
  const [header, setHeader] = useState<OtaFirmwareInfo>();
  const [values, setValues] = useState<OtaFormValues>(EMPTY);
  const [busy, setBusy] = useState(false);

  const problemText = (p: OtaProblem) =>
    p.kind === 'missing' ? t('validation.missing', { field: t(`fields.${p.field}`) }) : t(`validation.${p.kind}`);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setHeader(undefined);
    if (!hasFirmwareExtension(chosen.name)) return dialogs.error(t('validation.extension'), t('validation.title'));
    const form = new FormData();
    form.append('fwName', chosen.name);
    form.append('fwData', chosen);
    try {
      const info = await withLoadingModal(t('loading.parse'), () => api.call(endpoints.otaFirmwareParse, { body: form }));
      setHeader(info);
      setValues((v) => ({
        ...v,
        fwName: chosen.name,
        otaType: String(info.ota_type),
        tagVersion: hexText(info.fw_version),
        startVersion: hexText(info.target_start_version),
        endVersion: hexText(info.target_end_version),
      }));
    } catch (error) {
      setFile(undefined);
      await dialogs.error((error as Error).message, t('firmware.parseFailed'));
    }
  };

  const start = async (selected: OtaGateway[]) => {
    const problem = otaStartProblem({ values, gatewayCount: selected.length, file });
    if (problem) return dialogs.error(problemText(problem), t('validation.title'));
    const form = new FormData();
    form.append('gw_ip_list', JSON.stringify(selected.map((g) => g.ip)));
    form.append('gw_info_dict', JSON.stringify(Object.fromEntries(selected.map((g) => [g.ip, { gwMac: g.gwMac, otaCh: g.otaCh }]))));
    for (const field of OTA_FIELDS)
      form.append(field, HEX_FIELDS.includes(field) ? String(parseOtaNumber(field, values[field])) : values[field].trim());
    form.append('fwData', file!);
    setBusy(true);
    try {
      const answer = await withLoadingModal(t('loading.start'), () => api.call(endpoints.otaStart, { params: { storeCode }, body: form }));
      // A server of the older kind answers a refusal as 200 with another message (console-admin §8).
      if (answer.message !== 'ok') throw new Error(`${answer.message} ${JSON.stringify(answer.data ?? '')}`);
      const data = answer.data as { taskId?: string; totalTags?: number } | undefined;
      await dialogs.error(t('startedDetail', { taskId: data?.taskId ?? '', count: data?.totalTags ?? 0 }), t('started'));
      onStarted();
    } catch (error) {
      await dialogs.error((error as Error).message, t('validation.title'));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<OtaGateway>[] = [
    { field: 'gwMac', label: t('gateways.gwMac'), primary: true },
    { field: 'ip', label: t('gateways.ip') },
    { field: 'status', label: t('gateways.status'), render: (g) => <HealthBadge status={g.status} /> },
    { field: 'tagCount', label: t('gateways.tagCount') },
    { field: 'otaCh', label: t('gateways.otaCh') },
  ];

  return (
    <>
      <DetailCard title={t('firmware.title')} testId="ota-firmware" wide>
        {writable && (
          <div className="ota-firmware-row">
            <FilePickButton accept=".bin" label={t('firmware.choose')} onFile={choose} testId="ota-choose-file" disabled={busy} />
            <span data-testid="ota-file-name">{file ? t('firmware.chosen', { name: file.name }) : t('firmware.none')}</span>
          </div>
        )}
        {header && (
          <DetailFacts>
            <dt>{t('firmware.ota_type')}</dt>
            <dd data-testid="ota-header-type">{header.ota_type}</dd>
            <dt>{t('firmware.fw_version')}</dt>
            <dd data-testid="ota-header-version">{hexText(header.fw_version)}</dd>
            <dt>{t('firmware.target_start_version')}</dt>
            <dd data-testid="ota-header-start">{hexText(header.target_start_version)}</dd>
            <dt>{t('firmware.target_end_version')}</dt>
            <dd data-testid="ota-header-end">{hexText(header.target_end_version)}</dd>
            <dt>{t('firmware.target_check_sum')}</dt>
            <dd data-testid="ota-header-checksum">{`0x${header.target_check_sum.toString(16).toUpperCase().padStart(8, '0')}`}</dd>
          </DetailFacts>
        )}
        <div className="ota-params" data-testid="ota-params">
          {OTA_FIELDS.map((field) => (
            <TextField
              key={field}
              label={HEX_FIELDS.includes(field) ? `${t(`fields.${field}`)} (${t('fields.hexHint')})` : t(`fields.${field}`)}
              value={values[field]}
              disabled={!writable}
              inputMode={HEX_FIELDS.includes(field) || field === 'fwName' ? 'text' : 'numeric'}
              onChange={(text) => setValues((v) => ({ ...v, [field]: text }))}
              testId={`ota-field-${field}`}
            />
          ))}
        </div>
      </DetailCard>
      <DetailCard title={t('gateways.title', { store: storeCode })} testId="ota-gateways" wide>
        <DataTable
          id={`ota-gateways`}
          columns={columns}
          source={{ kind: 'local', rows: gateways.data, loading: gateways.isLoading, error: gateways.error?.message }}
          rowKey={(g) => g.gwMac}
          pageSizes={OTA_GATEWAY_PAGE_SIZES}
          defaultSort={{ field: 'gwMac', dir: 'asc' }}
          selectable={writable}
          actions={writable ? [{ label: t('gateways.start'), color: 'primary', run: (selected) => start(selected) }] : undefined}
        />
      </DetailCard>
    </>
  );
}
