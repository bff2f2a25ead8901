import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { CustomDataTypeGroup } from '../../api/contract/settings-alias';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import type { DraftGroup } from './use-alias-draft';

type Element = CustomDataTypeGroup['elements'][number];

interface Props {
  groups: readonly DraftGroup[];
  writable: boolean;
  onChange: (change: (groups: DraftGroup[]) => DraftGroup[]) => void;
  onAdd: () => void;
  onDelete: (group: DraftGroup) => void;
}

/**
 * Custom data type groups (console-admin §3): lists of choices an alias can take as its type. Groups and elements
 * left with a blank code are dropped on save (§5).
 */
export function CustomDataTypeSection({ groups, writable, onChange, onAdd, onDelete }: Props) {
  const { t } = useTranslation('alias');
  const change = (rowId: number, f: (g: DraftGroup) => DraftGroup) => onChange((all) => all.map((g) => (g.rowId === rowId ? f(g) : g)));
  const setElements = (rowId: number, f: (list: Element[]) => Element[]) => change(rowId, (g) => ({ ...g, elements: f(g.elements).map((e, index) => ({ ...e, index })) }));

  return (
    <section className="alias-section" data-testid="custom-type-section">
      <div className="alias-section-head">
        <h2>{t('customType.title')}</h2>
        {writable && (
          <IonButton size="small" onClick={onAdd} data-testid="custom-group-add">
            {t('customType.addGroup')}
          </IonButton>
        )}
      </div>
      {!groups.length && <p className="edit-grid-empty">{t('customType.empty')}</p>}
      {groups.map((group) => {
        const label = group.groupCode || t('customType.newGroup');
        const columns: EditColumn<Element>[] = [
          {
            key: 'code',
            label: t('fields.code'),
            render: (e, i) =>
              writable ? (
                <input type="text" value={e.code} maxLength={64} aria-label={`${label} ${t('fields.code')} ${i + 1}`} data-testid="custom-element-code" onChange={(ev) => setElements(group.rowId, (list) => list.map((x, j) => (j === i ? { ...x, code: ev.target.value } : x)))} />
              ) : (
                e.code
              ),
          },
          {
            key: 'name',
            label: t('fields.codeName'),
            render: (e, i) =>
              writable ? (
                <input type="text" value={e.codeName} maxLength={100} aria-label={`${label} ${t('fields.codeName')} ${i + 1}`} onChange={(ev) => setElements(group.rowId, (list) => list.map((x, j) => (j === i ? { ...x, codeName: ev.target.value } : x)))} />
              ) : (
                e.codeName
              ),
          },
        ];
        if (writable) {
          columns.push({
            key: 'remove',
            label: t('fields.actions'),
            width: '6rem',
            render: (_, i) => (
              <IonButton size="small" fill="clear" color="medium" onClick={() => setElements(group.rowId, (list) => list.filter((__, j) => j !== i))}>
                {t('customType.removeElement')}
              </IonButton>
            ),
          });
        }
        return (
          <div key={group.rowId} className={`alias-card${group.isNew ? ' alias-card-new' : ''}`} data-testid="custom-group">
            <div className="alias-card-fields">
              <label>
                <span>{t('fields.groupCode')}</span>
                {writable && group.isNew ? (
                  <input type="text" value={group.groupCode} maxLength={64} data-testid="custom-group-code" onChange={(e) => change(group.rowId, (g) => ({ ...g, groupCode: e.target.value }))} />
                ) : (
                  <strong>{group.groupCode}</strong>
                )}
              </label>
              <label>
                <span>{t('fields.groupName')}</span>
                {writable ? (
                  <input type="text" value={group.groupName} maxLength={100} data-testid="custom-group-name" onChange={(e) => change(group.rowId, (g) => ({ ...g, groupName: e.target.value }))} />
                ) : (
                  <span>{group.groupName}</span>
                )}
              </label>
              {writable && (
                <>
                  <IonButton size="small" fill="outline" onClick={() => setElements(group.rowId, (list) => [...list, { code: '', codeName: '', index: list.length }])} data-testid="custom-element-add">
                    {t('customType.addElement')}
                  </IonButton>
                  <IonButton size="small" fill="clear" color="danger" onClick={() => onDelete(group)} data-testid="custom-group-delete">
                    {t('delete')}
                  </IonButton>
                </>
              )}
            </div>
            <EditGrid columns={columns} rows={group.elements} rowKey={(_, i) => i} testId="custom-elements" empty={t('customType.noElements')} caption={`${t('customType.elements')} ${label}`} />
          </div>
        );
      })}
    </section>
  );
}
