import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { V1_MASTER_DEFAULT_COLUMNS, V1_MODEL_SIZES } from '../../../../contract/schemas/constants-plus';
import type { V1Device } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { canRead, canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { useAction } from '../../../ui/use-action';
import { PlusDeviceStatus } from '../devices/plus-status';
import { V1AssignModal } from './v1-assign-modal';
import { V1ConfigModal } from './v1-config-modal';
import { V1_PAGE_SIZES } from './v1-paths';

const CONFIG_COLUMNS = ['category', 'section', 'shelfID', 'position', 'timezone'] as const;
const shown = (field: string) => (V1_MASTER_DEFAULT_COLUMNS as readonly string[]).includes(field);

/**
 * /plus/v1/master (plus-signage §2.6): the v1 devices, 25 to a page, with a column chooser whose default columns are
 * the spec's (kept per browser by the table), per-row assign, settings and delete, and bulk delete and reboot.
 * Assign and delete need plus write (our choice: the server refuses them without it, so a reader sees settings only).
 */
export default function V1MasterPage() {
  const { t } = useTranslation('plusV1');
  const session = useSession();
  const writable = canWrite(session, 'plus');
  // plus-signage §6: "With read: ... on v1 device rows the assign, settings and delete buttons" (the server grants
  // those calls with plus read); reboot and saving a device's config stay with plus write.
  const readable = canRead(session, 'plus');
  const [assigning, setAssigning] = useState<string>();
  const [configuring, setConfiguring] = useState<string>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);

  // Any refused command shows the one failure message, and the list is read again either way.
  const act = useAction({ reload, reloadAfterFailure: true, failed: t('master.removeFailed') });
  const command = (kind: 'remove' | 'reboot', rows: V1Device[]) =>
    act({
      confirm: true,
      call: () =>
        api.call(kind === 'remove' ? endpoints.plusV1DeviceRemove : endpoints.plusV1DeviceReboot, {
          body: { macList: rows.map((r) => r.mac) },
        }),
      done: kind === 'remove' ? t('master.removed') : t('complete'),
    });

  const columns = useMemo<Column<V1Device>[]>(
    () => [
      { field: 'mac', label: t('master.columns.mac'), filter: 'text', primary: true, hiddenByDefault: !shown('mac') },
      { field: 'model', label: t('master.columns.model'), hiddenByDefault: true, render: (r) => V1_MODEL_SIZES[r.model] ?? '-' },
      { field: 'storeCode', label: t('master.columns.storeCode'), filter: 'text', render: (r) => r.config.storeCode ?? '-' },
      { field: 'product', label: t('master.columns.product'), filter: 'text', render: (r) => r.product.join(', ') || '-' },
      ...CONFIG_COLUMNS.map((field): Column<V1Device> => ({
        field,
        label: t(`master.columns.${field}`),
        filter: 'text',
        render: (r) => r.config[field] ?? '-',
      })),
      { field: 'name', label: t('config.name'), sortable: false, hiddenByDefault: true, render: (r) => r.config.name ?? '-' },
      {
        field: 'version',
        label: t('master.columns.version'),
        sortable: false,
        hiddenByDefault: true,
        render: (r) =>
          Object.entries(r.version)
            .map(([k, v]) => `${k} ${v}`)
            .join(', '),
      },
      {
        field: 'connection',
        label: t('master.columns.connection'),
        hiddenByDefault: true,
        render: (r) => <PlusDeviceStatus status={r.connection} />,
      },
      {
        field: 'recvTime',
        label: t('master.columns.recvTime'),
        hiddenByDefault: true,
        render: (r) => (r.recvTime ? formatDateTime(r.recvTime) : '-'),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
    [t, readable],
  );

  // A row keeps Settings and Assign; Delete waits, last, in the row's menu (issue 31 §11, §12: three flat buttons,
  // the red one among them).
  const rowActions = (r: V1Device): (RowActionDef<V1Device> | false)[] => [
    { label: t('master.settings'), primary: true, run: () => setConfiguring(r.mac), testId: 'v1-master-settings' },
    readable && { label: t('master.assign'), primary: true, run: () => setAssigning(r.mac), testId: 'v1-master-assign' },
    readable && { label: t('delete'), color: 'danger', run: () => command('remove', [r]), testId: 'v1-master-delete' },
  ];

  return (
    <Page title={t('master.title')}>
      <DataTable
        id="plus-v1-master"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusV1DeviceList }}
        rowKey={(r) => r.mac}
        pageSizes={V1_PAGE_SIZES}
        defaultSort={{ field: 'recvTime', dir: 'desc' }}
        selectable={readable}
        rowActions={rowActions}
        actions={[
          ...(writable ? [{ label: t('master.reboot'), needsSelection: true, run: (rows: V1Device[]) => command('reboot', rows) }] : []),
          ...(readable
            ? [
                {
                  label: t('deleteSelected'),
                  color: 'danger' as const,
                  needsSelection: true,
                  run: (rows: V1Device[]) => command('remove', rows),
                },
              ]
            : []),
        ]}
        reloadToken={reloadToken}
      />
      <V1AssignModal mac={assigning} onDone={reload} onClose={() => setAssigning(undefined)} />
      <V1ConfigModal
        mac={configuring}
        writable={writable}
        onDone={() => {
          setConfiguring(undefined);
          reload();
        }}
        onClose={() => setConfiguring(undefined)}
      />
    </Page>
  );
}
