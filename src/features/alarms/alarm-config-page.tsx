import { useCallback, useMemo, useState } from 'react';
import { IonButton, IonCheckbox, IonInput, IonTextarea } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { AlarmConfigBody } from '../../../contract/schemas/alarms';
import type { AlarmConfig } from '../../../contract/schemas/dashboard';
import { SYSTEM_ALARM_TYPES, type SystemAlarmType } from '../../../contract/schemas/system-alarm-types';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DetailCard, DetailGrid } from '../../ui/detail-card';
import { useDialogs } from '../../ui/dialogs';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import { Page } from '../../ui/page';

interface TypeRow {
  code: string;
  name: SystemAlarmType;
  class: number;
}
const TYPES: TypeRow[] = (Object.keys(SYSTEM_ALARM_TYPES) as SystemAlarmType[]).map((name) => ({
  code: String(SYSTEM_ALARM_TYPES[name].code),
  name,
  class: SYSTEM_ALARM_TYPES[name].class,
}));

/** One address or server per line (commas allowed too); blank lines dropped. */
const lines = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/**
 * /alarm/config (console-admin §3 "Alarm config"): which alarm types are raised, each type's title (what the
 * alarm history and the dashboard call it) and detail, who gets alarm mail and the servers reported on. It is
 * system-wide: role -1 saves it; others see it read-only.
 */
export default function AlarmConfigPage() {
  const { t } = useTranslation('settings');
  const config = useCall(endpoints.alarmConfig, {});
  return (
    <Page title={t('alarmConfig.pageTitle')}>
      {config.error && <p role="alert">{config.error.message}</p>}
      {config.data ? <AlarmConfigForm config={config.data} onSaved={() => void config.mutate()} /> : <p>{t('alarmConfig.loading')}</p>}
    </Page>
  );
}

function AlarmConfigForm({ config, onSaved }: { config: AlarmConfig; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const session = useSession();
  const writable = session?.role_id === -1 && canWrite(session, 'alarm');
  // Types the config has no text for yet get their name as title: a save must carry a title for each.
  // The type's name in the member's language (issue 31.14); the config stays keyed by the type code.
  const label = useCallback((r: TypeRow) => t(`alarmTypes.${r.name}`), [t]);
  const [draft, setDraft] = useState<AlarmConfigBody>(() => ({
    available: config.available,
    admin: config.admin ?? [],
    server: config.server,
    content: Object.fromEntries(
      TYPES.map((r) => [r.code, { title: config.content[r.code]?.title ?? label(r), detail: config.content[r.code]?.detail ?? '' }]),
    ),
  }));
  const [admins, setAdmins] = useState(() => (config.admin ?? []).join('\n'));
  const [servers, setServers] = useState(() => config.server.join('\n'));
  const [busy, setBusy] = useState(false);

  const columns = useMemo((): EditColumn<TypeRow>[] => {
    const edit = (code: string, field: 'title' | 'detail', value: string) =>
      setDraft({ ...draft, content: { ...draft.content, [code]: { ...draft.content[code], [field]: value } } });
    const toggle = (code: string, on: boolean) =>
      setDraft({ ...draft, available: on ? [...new Set([...draft.available, code])] : draft.available.filter((c) => c !== code) });
    return [
      {
        key: 'available',
        label: t('alarmConfig.available'),
        width: '7rem',
        render: (r) => (
          <IonCheckbox
            checked={draft.available.includes(r.code)}
            disabled={!writable}
            onIonChange={(e) => toggle(r.code, e.detail.checked)}
            aria-label={`${t('alarmConfig.available')} ${label(r)}`}
            data-testid={`alarm-available-${r.code}`}
          />
        ),
      },
      { key: 'type', label: t('alarms.columns.type'), render: (r) => label(r) },
      {
        key: 'class',
        label: t('alarms.columns.class'),
        width: '8rem',
        render: (r) => t(`alarms.classes.${String(r.class) as '1' | '2' | '3'}`),
      },
      {
        key: 'title',
        label: t('alarmConfig.title'),
        render: (r) => (
          <IonInput
            value={draft.content[r.code]?.title}
            readonly={!writable}
            maxlength={200}
            onIonInput={(e) => edit(r.code, 'title', String(e.detail.value ?? ''))}
            aria-label={`${t('alarmConfig.title')} ${label(r)}`}
            data-testid={`alarm-title-${r.code}`}
          />
        ),
      },
      {
        key: 'detail',
        label: t('alarmConfig.detail'),
        render: (r) => (
          <IonInput
            value={draft.content[r.code]?.detail}
            readonly={!writable}
            maxlength={2000}
            onIonInput={(e) => edit(r.code, 'detail', String(e.detail.value ?? ''))}
            aria-label={`${t('alarmConfig.detail')} ${label(r)}`}
            data-testid={`alarm-detail-${r.code}`}
          />
        ),
      },
    ];
  }, [draft, t, writable, label]);

  const save = async () => {
    const blank = TYPES.find((r) => !draft.content[r.code]?.title.trim());
    if (blank) return dialogs.error(t('alarmConfig.titleRequired', { type: label(blank) }));
    setBusy(true);
    try {
      await api.call(endpoints.alarmConfigUpdate, { body: { ...draft, admin: lines(admins), server: lines(servers) } });
      void dialogs.toast(t('alarmConfig.saved'), 'success');
      onSaved();
    } catch (error) {
      await dialogs.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {writable && (
        <IonButton onClick={() => void save()} disabled={busy} data-testid="alarm-config-save">
          {t('alarmConfig.save')}
        </IonButton>
      )}
      <DetailGrid testId="alarm-config">
        <DetailCard title={t('alarmConfig.recipients')} testId="alarm-config-admin">
          <IonTextarea
            value={admins}
            readonly={!writable}
            autoGrow
            rows={3}
            label={t('alarmConfig.admin')}
            labelPlacement="stacked"
            onIonInput={(e) => setAdmins(String(e.detail.value ?? ''))}
            data-testid="alarm-config-admins"
          />
        </DetailCard>
        <DetailCard title={t('alarmConfig.servers')} testId="alarm-config-server">
          <IonTextarea
            value={servers}
            readonly={!writable}
            autoGrow
            rows={3}
            label={t('alarmConfig.server')}
            labelPlacement="stacked"
            onIonInput={(e) => setServers(String(e.detail.value ?? ''))}
            data-testid="alarm-config-servers"
          />
        </DetailCard>
        <DetailCard title={t('alarmConfig.types')} testId="alarm-config-types" wide>
          {config.variables?.length ? <p>{t('alarmConfig.variables', { list: config.variables.map((v) => `{${v}}`).join(' ') })}</p> : null}
          <EditGrid
            columns={columns}
            rows={TYPES}
            rowKey={(r) => r.code}
            testId="alarm-types"
            empty={t('alarmConfig.loading')}
            caption={t('alarmConfig.types')}
          />
        </DetailCard>
      </DetailGrid>
    </>
  );
}
