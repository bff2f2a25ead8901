import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TABLE_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import { NOTIFICATION_VARIABLES, type NotificationContentEntry } from '../../../contract/schemas/alarms';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { CheckboxField } from '../../ui/fields';
import { FilePickButton } from '../../ui/file-pick-button';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { OneLine } from '../../ui/one-line';
import { Page } from '../../ui/page';
import { saveBlob } from '../../ui/save-blob';
import { notificationLabel } from './alarm-words';

/** console-admin §9: the notification table pages by 50. */
const PAGE_SIZES = pageSizesFrom(NOTIFICATION_TABLE_PAGE_SIZE);
const CONTENT_FIELDS = ['title', 'detail', 'subject', 'body'] as const;

/**
 * /alarm/notification (console-admin §2, §3): the notification keys (all off by default) with their contents;
 * the super administrator turns keys on, edits a content and imports or exports every content as JSON. The
 * set is system-wide, so only role -1 changes it (the server refuses others).
 */
export default function NotificationPage() {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const session = useSession();
  const writable = session?.role_id === -1 && canWrite(session, 'alarm');
  const contents = useCall(endpoints.notificationContentAll, {});
  const setting = useCall(endpoints.notificationSettingGet, {});
  const [editing, setEditing] = useState<NotificationContentEntry>();
  const enabled = new Set(setting.data?.enabled ?? []);

  const toggle = async (key: string, on: boolean) => {
    const next = new Set(enabled);
    if (on) next.add(key);
    else next.delete(key);
    const body = { enabled: [...next].sort() };
    // Shown at once; the answer (or the error) settles it.
    void setting.mutate(body, { revalidate: false });
    try {
      await api.call(endpoints.notificationSettingSave, { body });
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
    await setting.mutate();
  };

  const submit = async (values: FormValues) => {
    if (!editing) return;
    await api.call(endpoints.notificationContentUpdate, {
      params: { key: editing.key },
      body: { title: values.title, detail: values.detail, subject: values.subject, body: values.body },
    });
    void dialogs.toast(t('notifications.saved', { key: notificationLabel(t, editing.key) }), 'success');
    setEditing(undefined);
    await contents.mutate();
  };

  const exportAll = () => {
    const json = JSON.stringify({ contents: contents.data ?? [] }, null, 2);
    saveBlob(new Blob([json], { type: 'application/json' }), 'notification-contents.json');
  };

  const importFile = async (file: File) => {
    try {
      // spec: admin §5.14 — an imported notification file must be valid JSON
      const parsed = JSON.parse(await file.text()) as { contents?: unknown } | unknown[];
      const list = Array.isArray(parsed) ? parsed : parsed.contents;
      await api.call(endpoints.notificationContentAllUpdate, { body: { contents: list as NotificationContentEntry[] } });
      void dialogs.toast(t('notifications.imported'), 'success');
    } catch (error) {
      await dialogs.error(error instanceof SyntaxError ? t('notifications.notJson') : (error as Error).message);
    }
    await contents.mutate();
  };

  const columns: Column<NotificationContentEntry>[] = [
    { field: 'key', label: t('notifications.columns.key'), primary: true, filter: 'text', render: (c) => notificationLabel(t, c.key) },
    {
      field: 'enabled',
      label: t('notifications.columns.enabled'),
      sortable: false,
      render: (c) => (
        <CheckboxField
          label={t('notifications.enable', { key: notificationLabel(t, c.key) })}
          labelHidden
          checked={enabled.has(c.key)}
          disabled={!writable}
          onChange={(on) => void toggle(c.key, on)}
          testId={`notification-enabled-${c.key}`}
        />
      ),
    },
    { field: 'title', label: t('notifications.columns.title'), filter: 'text' },
    { field: 'detail', label: t('notifications.columns.detail'), render: (c) => <OneLine text={c.detail} /> },
    { field: 'subject', label: t('notifications.columns.subject'), render: (c) => <OneLine text={c.subject} /> },
  ];

  const rowActions = (c: NotificationContentEntry): RowActionDef<NotificationContentEntry>[] => [
    { label: t('notifications.edit'), testId: `notification-edit-${c.key}`, run: () => setEditing(c) },
  ];

  return (
    <Page
      title={t('notifications.title')}
      actions={
        <>
          <IonButton fill="outline" onClick={exportAll} disabled={!contents.data} data-testid="notification-export">
            {t('notifications.export')}
          </IonButton>
          {writable && (
            <FilePickButton
              accept="application/json,.json"
              label={t('notifications.import')}
              onFile={importFile}
              testId="notification-import"
            />
          )}
        </>
      }
    >
      <DataTable
        id="notifications"
        columns={columns}
        source={{ kind: 'local', rows: contents.data, loading: contents.isLoading, error: contents.error?.message }}
        rowKey={(c) => c.key}
        pageSizes={PAGE_SIZES}
        defaultSort={{ field: 'key', dir: 'asc' }}
        rowActions={writable ? rowActions : undefined}
        rowActionsLabel={t('notifications.columns.actions')}
      />
      <FormModal
        isOpen={Boolean(editing)}
        title={t('notifications.editTitle', { key: editing ? notificationLabel(t, editing.key) : '' })}
        testId="notification-modal"
        fields={CONTENT_FIELDS.map((name) => ({
          name,
          label: t(`notifications.columns.${name}`),
          type: name === 'body' || name === 'detail' ? 'textarea' : 'text',
          // The mail's texts are filled by the server (server/lib/notification-template.ts): say what they may name.
          ...(name === 'subject'
            ? { heading: t('notifications.variables', { list: NOTIFICATION_VARIABLES.map((v) => `{${v}}`).join(' ') }) }
            : {}),
        }))}
        initial={editing ? { title: editing.title, detail: editing.detail, subject: editing.subject, body: editing.body } : {}}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </Page>
  );
}
