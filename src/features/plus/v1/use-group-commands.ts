import { useTranslation } from 'react-i18next';
import type { V1ContentGroup } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import type { FormField } from '../../../ui/form-modal';
import type { GroupChoice } from './v1-group-tree';

type Form = { title: string; fields: FormField[]; initial: Record<string, string>; run: (v: Record<string, string>) => Promise<void> };

/** The group tree's commands (plus-signage §2.6): create inside the chosen group, rename, move, order, delete. */
export function useGroupCommands(o: {
  groups: V1ContentGroup[];
  selected: GroupChoice;
  setSelected: (g: GroupChoice) => void;
  setForm: (f: Form | undefined) => void;
  groupOptions: { value: string; label: string }[];
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('plusV1');
  const dialogs = useDialogs();
  const group = o.groups.find((g) => g.id === o.selected);
  const siblings = (parent: string | null) =>
    o.groups.filter((g) => g.parent === parent).sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id));
  const save = async (g: Omit<V1ContentGroup, 'id'> & { id?: string }) => {
    // spec: plus §8.10 — group save failures (create, rename, order) are silent; the tree is read again either way.
    await api.call(endpoints.plusV1GroupSave, { body: g }).catch(() => undefined);
  };
  const nameForm = (title: string, initial: string, run: (name: string) => Promise<void>) =>
    o.setForm({
      title,
      fields: [{ name: 'name', label: t('columns.name') }],
      initial: { name: initial },
      run: async ({ name }) => {
        if (name.trim()) await run(name.trim()); // a blank name is ignored (§5)
        await o.reload();
      },
    });

  return async (command: 'create' | 'rename' | 'move' | 'up' | 'down' | 'delete') => {
    if (command === 'create') {
      const parent = group ? group.id : null;
      return nameForm(t('content.newGroup'), '', (name) => save({ name, parent, order: siblings(parent).length }));
    }
    if (!group) return;
    if (command === 'rename') return nameForm(t('rename'), group.name, (name) => save({ ...group, name }));
    if (command === 'move') {
      return o.setForm({
        title: t('content.moveGroup'),
        fields: [
          { name: 'parent', label: t('content.parent'), type: 'select', options: o.groupOptions.filter((g) => g.value !== group.id) },
        ],
        initial: { parent: group.parent ?? '' },
        run: async ({ parent }) => {
          // spec: plus §8.10 — a move is not silent: the user chose where the group goes and must learn it stayed
          await api
            .call(endpoints.plusV1GroupSave, { body: { ...group, parent: parent || null, order: siblings(parent || null).length } })
            .catch((e: Error) => dialogs.error(e.message));
          await o.reload();
        },
      });
    }
    if (command === 'up' || command === 'down') {
      const list = siblings(group.parent);
      const at = list.findIndex((g) => g.id === group.id);
      const to = command === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= list.length) return;
      [list[at], list[to]] = [list[to], list[at]];
      for (const [i, g] of list.entries()) if (g.order !== i) await save({ ...g, order: i });
      return void (await o.reload());
    }
    if (!(await dialogs.confirm())) return;
    // spec: plus §8.2 — a refused group delete: "Error" with data.message, else status text and code
    await api.call(endpoints.plusV1GroupRemove, { body: { id: group.id } }).catch((e: Error) => dialogs.error(e.message));
    o.setSelected('all');
    await o.reload();
  };
}
