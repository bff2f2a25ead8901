import { useEffect, useMemo, useState } from 'react';
import { IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_FILES } from '../../../../contract/schemas/constants-plus';
import type { V1Content, V1ContentGroup } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { useDialogs } from '../../../ui/dialogs';
import { FilePickButton } from '../../../ui/file-pick-button';
import { formatDateTime } from '../../../ui/format-time';
import { FormModal, type FormField } from '../../../ui/form-modal';
import { Page } from '../../../ui/page';
import { useAction } from '../../../ui/use-action';
import { fileSize } from '../../../ui/file-size';
import { useGroupCommands } from './use-group-commands';
import { V1ContentPreview } from './v1-content-preview';
import { V1GroupCommands, V1GroupTree, type GroupChoice } from './v1-group-tree';
import { V1_PAGE_SIZES } from './v1-paths';
import './plus-v1.css';

const ACCEPT = 'image/*,video/*,.zip';
const NO_GROUPS: V1ContentGroup[] = [];
const kindOf = (file: File): V1Content['type'] =>
  file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : 'widget';

/**
 * /plus/v1/content (plus-signage §2.6): the group tree, the contents of the chosen group 25 to a page, a preview of
 * the clicked content; upload (≤ 10 files, 1 when replacing; one call per kind of file), rename, move, delete.
 */
export default function V1ContentPage() {
  const { t } = useTranslation('plusV1');
  const writable = canWrite(useSession(), 'plus');
  const dialogs = useDialogs();
  const [selected, setSelected] = useState<GroupChoice>('all');
  const [previewed, setPreviewed] = useState<V1Content>();
  const [reloadToken, setReloadToken] = useState(0);
  const [form, setForm] = useState<{
    title: string;
    fields: FormField[];
    initial: Record<string, string>;
    run: (v: Record<string, string>) => Promise<void>;
  }>();
  const reload = () => setReloadToken((n) => n + 1);
  // The group tree (a failure shows the server's message once; its commands read it again with mutate).
  const groupList = useCall(endpoints.plusV1GroupList, {}, { shouldRetryOnError: false });
  const groups = groupList.data ?? NO_GROUPS;
  useEffect(() => {
    if (groupList.error) void dialogs.error(groupList.error.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one message per failure
  }, [groupList.error]);

  const groupOptions = [{ value: '', label: t('content.ungrouped') }, ...groups.map((g) => ({ value: g.id, label: g.name }))];
  const groupCommand = useGroupCommands({ groups, selected, setSelected, setForm, groupOptions, reload: () => groupList.mutate() });

  const upload = async (files: File[], replacing?: V1Content) => {
    if (files.length > (replacing ? 1 : UPLOAD_MAX_FILES))
      return dialogs.error(t('content.tooMany', { count: replacing ? 1 : UPLOAD_MAX_FILES }));
    try {
      for (const type of ['image', 'video', 'widget'] as const) {
        const batch = files.filter((f) => kindOf(f) === type);
        if (!batch.length) continue;
        const body = new FormData();
        body.append('type', replacing?.type ?? type);
        if (replacing) body.append('id', replacing.id);
        else if (selected !== 'all' && selected !== null) body.append('group', selected);
        for (const file of batch) body.append('file', file);
        await api.upload(endpoints.plusV1ContentUpload, { body });
      }
      void dialogs.toast(t('complete'), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
    reload();
  };

  // spec: plus §8.10 — unlike the silent group saves, a content rename, move or delete that fails shows the server's
  // message: the user typed or chose something and would otherwise not learn that it was lost.
  // The list is read again after a failure too: part of a move or delete may have been done.
  const act = useAction({ reload, reloadAfterFailure: true });
  const send = (call: () => Promise<unknown>) => act({ call, done: t('complete') });
  const move = (rows: V1Content[]) =>
    setForm({
      title: t('content.move'),
      fields: [{ name: 'group', label: t('content.group'), type: 'select', options: groupOptions }],
      initial: { group: '' },
      run: async ({ group }) =>
        send(() => api.call(endpoints.plusV1ContentMove, { body: { idList: rows.map((r) => r.id), groupId: group || null } })),
    });
  const rename = (row: V1Content) =>
    setForm({
      title: t('rename'),
      fields: [{ name: 'name', label: t('columns.name') }],
      initial: { name: row.name },
      run: async ({ name }) => {
        if (name.trim()) await send(() => api.call(endpoints.plusV1ContentSave, { body: { id: row.id, name: name.trim() } }));
      },
    });
  const remove = (rows: V1Content[]) =>
    act({
      confirm: true,
      call: () => api.call(endpoints.plusV1ContentRemove, { body: { idList: rows.map((r) => r.id) } }),
      done: t('complete'),
    });

  const columns = useMemo<Column<V1Content>[]>(
    () => [
      { field: 'name', label: t('columns.name'), filter: 'text', primary: true },
      {
        field: 'type',
        label: t('content.type'),
        filter: 'enum',
        options: (['image', 'video', 'widget'] as const).map((v) => ({ value: v, label: t(`content.types.${v}`) })),
        render: (r) => t(`content.types.${r.type}`),
      },
      { field: 'resolution', label: t('show.resolution'), filter: 'text' },
      { field: 'duration', label: t('show.duration'), sortable: false },
      { field: 'size', label: t('content.size'), render: (r) => fileSize(r.size) },
      { field: 'user', label: t('columns.user'), filter: 'text', hiddenByDefault: true },
      { field: 'updatedAt', label: t('columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
    [t, selected],
  );

  // A row keeps Rename and Replace; Delete waits, last, in the row's menu (issue 31 §11, §12: three flat buttons,
  // the red one among them).
  const rowActions = (r: V1Content): RowActionDef<V1Content>[] => [
    { label: t('rename'), primary: true, run: rename, testId: 'v1-content-rename' },
    {
      label: t('content.replace'),
      primary: true,
      file: { accept: ACCEPT, onFile: (row, file) => upload([file], row) },
      testId: 'v1-content-replace',
    },
    { label: t('delete'), color: 'danger', run: () => remove([r]), testId: 'v1-content-delete' },
  ];

  const actions = writable ? (
    <FilePickButton
      multiple
      accept={ACCEPT}
      label={t('content.upload')}
      icon={<IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />}
      onFiles={(f) => upload(f)}
      testId="v1-content-upload"
    />
  ) : undefined;

  return (
    <Page title={t('content.title')} actions={actions}>
      <div className="v1-content">
        <div>
          <V1GroupCommands selected={selected} groups={groups} writable={writable} onCommand={groupCommand} />
          <V1GroupTree groups={groups} selected={selected} onSelect={setSelected} />
        </div>
        <DataTable
          id="plus-v1-content"
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.plusV1ContentList, extra: selected === 'all' ? {} : { group: selected } }}
          rowKey={(r) => r.id}
          onRowClick={setPreviewed}
          pageSizes={V1_PAGE_SIZES}
          defaultSort={{ field: 'updatedAt', dir: 'desc' }}
          selectable={writable}
          rowActions={writable ? rowActions : undefined}
          actions={
            writable
              ? [
                  { label: t('content.move'), needsSelection: true, run: move },
                  { label: t('deleteSelected'), color: 'danger', needsSelection: true, run: remove },
                ]
              : []
          }
          reloadToken={reloadToken}
        />
        <V1ContentPreview content={previewed} />
      </div>
      <FormModal
        isOpen={Boolean(form)}
        title={form?.title ?? ''}
        testId="v1-content-form"
        fields={form?.fields ?? []}
        initial={form?.initial ?? {}}
        onClose={() => setForm(undefined)}
        onSubmit={async (values) => {
          await form?.run(values);
          setForm(undefined);
        }}
      />
    </Page>
  );
}
