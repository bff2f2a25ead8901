import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { CustomDataTypeGroup } from '../../../contract/schemas/settings-alias';
import { TextField } from '../../ui/fields';
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
  const setElements = (rowId: number, f: (list: Element[]) => Element[]) =>
    change(rowId, (g) => ({ ...g, elements: f(g.elements).map((e, index) => ({ ...e, index })) }));

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
                <TextField
                  value={e.code}
                  maxLength={64}
                  label={`${label} ${t('fields.code')} ${i + 1}`}
                  labelHidden
                  testId="custom-element-code"
                  onChange={(code) => setElements(group.rowId, (list) => list.map((x, j) => (j === i ? { ...x, code } : x)))}
                />
              ) : (
                e.code
              ),
          },
          {
            key: 'name',
            label: t('fields.codeName'),
            render: (e, i) =>
              writable ? (
                <TextField
                  value={e.codeName}
                  maxLength={100}
                  label={`${label} ${t('fields.codeName')} ${i + 1}`}
                  labelHidden
                  onChange={(codeName) => setElements(group.rowId, (list) => list.map((x, j) => (j === i ? { ...x, codeName } : x)))}
                />
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
              <IonButton
                size="small"
                fill="clear"
                color="medium"
                onClick={() => setElements(group.rowId, (list) => list.filter((__, j) => j !== i))}
              >
                {t('customType.removeElement')}
              </IonButton>
            ),
          });
        }
        return (
          <div key={group.rowId} className={`alias-card${group.isNew ? ' alias-card-new' : ''}`} data-testid="custom-group">
            <div className="alias-card-fields">
              {writable && group.isNew ? (
                <TextField
                  label={t('fields.groupCode')}
                  value={group.groupCode}
                  maxLength={64}
                  testId="custom-group-code"
                  onChange={(groupCode) => change(group.rowId, (g) => ({ ...g, groupCode }))}
                />
              ) : (
                <label>
                  <span>{t('fields.groupCode')}</span>
                  <strong>{group.groupCode}</strong>
                </label>
              )}
              {writable ? (
                <TextField
                  label={t('fields.groupName')}
                  value={group.groupName}
                  maxLength={100}
                  testId="custom-group-name"
                  onChange={(groupName) => change(group.rowId, (g) => ({ ...g, groupName }))}
                />
              ) : (
                <label>
                  <span>{t('fields.groupName')}</span>
                  <span>{group.groupName}</span>
                </label>
              )}
              {writable && (
                <>
                  <IonButton
                    size="small"
                    fill="outline"
                    onClick={() => setElements(group.rowId, (list) => [...list, { code: '', codeName: '', index: list.length }])}
                    data-testid="custom-element-add"
                  >
                    {t('customType.addElement')}
                  </IonButton>
                  <IonButton size="small" fill="clear" color="danger" onClick={() => onDelete(group)} data-testid="custom-group-delete">
                    {t('delete')}
                  </IonButton>
                </>
              )}
            </div>
            <EditGrid
              columns={columns}
              rows={group.elements}
              rowKey={(_, i) => i}
              testId="custom-elements"
              empty={t('customType.noElements')}
              caption={`${t('customType.elements')} ${label}`}
            />
          </div>
        );
      })}
    </section>
  );
}
