import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { dropBlankLayoutTypes } from '../../../contract/schemas/alias-rules';
import type { LayoutType } from '../../../contract/schemas/settings-alias';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { TextField } from '../../ui/fields';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import { ModalFrame } from '../../ui/modal-frame';

interface Props {
  isOpen: boolean;
  companyCode: string;
  types: readonly LayoutType[];
  writable: boolean;
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

type Row = { layoutType: string; inUse: boolean; isNew?: boolean; rowId: number };
let rowIds = 0;

/**
 * The layout types of a company (console-admin §2 "a layout type modal"): a type used by a layout config is
 * flagged and not deleted; new names with nothing in them are dropped on save (§5).
 */
export function LayoutTypeModal({ isOpen, companyCode, types, writable, onChanged, onClose }: Props) {
  const { t } = useTranslation('alias');
  const dialogs = useDialogs();
  // The saved types come from the server; only the new names are the modal's own, until saved or closed.
  const [added, setAdded] = useState<Row[]>([]);
  const rows: Row[] = [...types.map((x, i) => ({ layoutType: x.layoutType, inUse: x.inUse, rowId: -1 - i })), ...added];

  const remove = async (row: Row) => {
    if (row.isNew) return setAdded((r) => r.filter((x) => x.rowId !== row.rowId));
    if (!(await dialogs.confirm(t('deleteConfirm')))) return;
    try {
      await api.call(endpoints.layoutTypeDelete, { params: { companyCode, layoutType: row.layoutType } });
      await onChanged();
    } catch (e) {
      await dialogs.error((e as Error).message);
    }
  };
  const save = async () => {
    const names = dropBlankLayoutTypes(rows.filter((r) => r.isNew).map((r) => r.layoutType));
    try {
      if (names.length) await api.call(endpoints.layoutTypeUpdate, { body: { companyCode, layoutTypes: names } });
      await onChanged();
      setAdded([]);
      void dialogs.toast(t('saved'), 'success');
    } catch (e) {
      await dialogs.error((e as Error).message);
    }
  };

  const columns: EditColumn<Row>[] = [
    {
      key: 'name',
      label: t('fields.layoutType'),
      render: (r) =>
        r.isNew ? (
          <TextField
            value={r.layoutType}
            maxLength={64}
            label={t('fields.layoutType')}
            labelHidden
            testId="layout-type-name"
            onChange={(layoutType) => setAdded((all) => all.map((x) => (x.rowId === r.rowId ? { ...x, layoutType } : x)))}
          />
        ) : (
          r.layoutType
        ),
    },
    {
      key: 'inUse',
      label: t('fields.inUse'),
      width: '6rem',
      render: (r) => (r.inUse ? <span data-testid="layout-type-in-use">{t('inUse')}</span> : ''),
    },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      label: t('fields.actions'),
      width: '6rem',
      render: (r) =>
        !r.inUse && (
          <IonButton size="small" fill="clear" color="danger" onClick={() => void remove(r)} data-testid="layout-type-delete">
            {t('delete')}
          </IonButton>
        ),
    });
  }

  return (
    <ModalFrame
      isOpen={isOpen}
      title={t('layout.typesTitle')}
      onClose={() => (setAdded([]), onClose())}
      closeLabel={t('close')}
      testId="layout-type-modal"
    >
      <EditGrid
        columns={columns}
        rows={rows}
        rowKey={(r) => r.rowId}
        isNew={(r) => Boolean(r.isNew)}
        testId="layout-types"
        empty={t('layout.noTypes')}
        caption={t('layout.typesTitle')}
      />
      {writable && (
        <div className="alias-toolbar">
          <IonButton
            size="small"
            fill="outline"
            onClick={() => setAdded((r) => [...r, { layoutType: '', inUse: false, isNew: true, rowId: ++rowIds }])}
            data-testid="layout-type-add"
          >
            {t('layout.addType')}
          </IonButton>
          <IonButton size="small" onClick={() => void save()} data-testid="layout-type-save">
            {t('save')}
          </IonButton>
        </div>
      )}
    </ModalFrame>
  );
}
