import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { V1ContentGroup } from '../../../../contract/schemas/plus-v1-devices';

/** Which group is shown: 'all', the root (contents of no group, null) or a group id. */
export type GroupChoice = 'all' | null | string;

/** The content groups as a nested list; a click picks the group whose contents the table shows. */
export function V1GroupTree({
  groups,
  selected,
  onSelect,
}: {
  groups: V1ContentGroup[];
  selected: GroupChoice;
  onSelect: (g: GroupChoice) => void;
}) {
  const { t } = useTranslation('plusV1');
  const children = (parent: string | null) =>
    groups.filter((g) => g.parent === parent).sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id));
  const branch = (parent: string | null) => {
    const list = children(parent);
    if (!list.length) return null;
    return (
      <ul>
        {list.map((g) => (
          <li key={g.id}>
            <button type="button" aria-current={selected === g.id} onClick={() => onSelect(g.id)} data-testid="v1-group">
              {g.name}
            </button>
            {branch(g.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <nav className="v1-tree" aria-label={t('content.groups')}>
      <ul>
        <li>
          <button type="button" aria-current={selected === 'all'} onClick={() => onSelect('all')}>
            {t('content.all')}
          </button>
        </li>
        <li>
          <button type="button" aria-current={selected === null} onClick={() => onSelect(null)}>
            {t('content.ungrouped')}
          </button>
        </li>
      </ul>
      {branch(null)}
    </nav>
  );
}

/** The group commands on the selected group: create (inside it), rename, move (to another parent), order, delete. */
export function V1GroupCommands({
  selected,
  groups,
  writable,
  onCommand,
}: {
  selected: GroupChoice;
  groups: V1ContentGroup[];
  writable: boolean;
  onCommand: (command: 'create' | 'rename' | 'move' | 'up' | 'down' | 'delete') => void;
}) {
  const { t } = useTranslation('plusV1');
  if (!writable) return null;
  const group = groups.find((g) => g.id === selected);
  return (
    <div className="v1-editor-head">
      <IonButton size="small" onClick={() => onCommand('create')} data-testid="v1-group-create">
        {t('content.newGroup')}
      </IonButton>
      {group && (
        <>
          <IonButton size="small" fill="outline" onClick={() => onCommand('rename')} data-testid="v1-group-rename">
            {t('rename')}
          </IonButton>
          <IonButton size="small" fill="outline" onClick={() => onCommand('move')} data-testid="v1-group-move">
            {t('content.moveGroup')}
          </IonButton>
          <IonButton size="small" fill="outline" onClick={() => onCommand('up')} aria-label={t('up')}>
            ↑
          </IonButton>
          <IonButton size="small" fill="outline" onClick={() => onCommand('down')} aria-label={t('down')}>
            ↓
          </IonButton>
          <IonButton size="small" fill="outline" color="danger" onClick={() => onCommand('delete')} data-testid="v1-group-delete">
            {t('delete')}
          </IonButton>
        </>
      )}
    </div>
  );
}
