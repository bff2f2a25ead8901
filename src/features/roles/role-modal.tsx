import { useState, type FormEvent } from 'react';
import { IonButton, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../contract/schemas/members';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { CheckboxField, TextField } from '../../ui/fields';
import { ModalFrame } from '../../ui/modal-frame';
import { availableTo, isBuiltInRole, settingForced, toggle, treeOf, type PrivilegeFlags } from './privilege-tree';
import { roleName } from './role-name';
import './roles.css';
import { closesDialog } from '../members/save-failure';

export type RoleEditing = { kind: 'create' } | { kind: 'update'; role: Role };

/** Create / update a role: its name and the privilege tree (read, write, depth per key). */
export function RoleModal({ editing, onClose, onSaved }: { editing: RoleEditing | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('members');
  const { t: tc } = useTranslation('common');
  // A built-in role opens to be read, not updated (its form is locked): the title says only whose it is.
  const title =
    editing?.kind === 'update'
      ? t(isBuiltInRole(editing.role.role_id) ? 'roles.viewTitle' : 'roles.updateTitle', { name: roleName(t, editing.role) })
      : t('roles.createTitle');
  return (
    <ModalFrame isOpen={Boolean(editing)} title={title} onClose={onClose} closeLabel={tc('dialog.close')} testId="role-modal">
      {editing && <RoleForm editing={editing} onSaved={onSaved} onClose={onClose} />}
    </ModalFrame>
  );
}

function RoleForm({ editing, onSaved, onClose }: { editing: RoleEditing; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation('members');
  const { t: tc } = useTranslation('common');
  const dialogs = useDialogs();
  const session = useSession();
  const role = editing.kind === 'update' ? editing.role : undefined;
  const readOnly = isBuiltInRole(role?.role_id);
  const available = availableTo(session);
  // A built-in role is shown, never saved (readOnly): its name in the member's language.
  const [name, setName] = useState(role ? roleName(t, role) : '');
  const [tree, setTree] = useState<PrivilegeFlags[]>(() => treeOf(role?.role_id, role?.privilege ?? []));
  const [nameMissing, setNameMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const forced = settingForced(tree);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    setBusy(true);
    const privilege = tree.map(({ key, depth, read, write }) => ({ key, depth, read, write }));
    try {
      if (role) await api.call(endpoints.roleUpdate, { body: { role_id: role.role_id, name: name.trim(), privilege } });
      else await api.call(endpoints.roleCreate, { body: { name: name.trim(), privilege } });
      void dialogs.toast(t('roles.saved', { name: name.trim() }), 'success');
      onSaved();
    } catch (error) {
      if (closesDialog(error)) onClose();
      await dialogs.error((error as Error).message, role ? t('errors.roleUpdate') : t('errors.roleCreate'));
    } finally {
      setBusy(false);
    }
  };

  const box = (p: PrivilegeFlags, flag: 'read' | 'write') => {
    const locked = readOnly || !available[p.key][flag] || (flag === 'read' && p.key === 'setting' && forced);
    return (
      <CheckboxField
        label={`${t(`privileges.${p.key}`)} ${t(`roles.${flag}`)}`}
        labelHidden
        checked={p[flag]}
        disabled={locked}
        testId={`privilege-${p.key}-${flag}`}
        onChange={(checked) => setTree((current) => toggle(current, p.key, flag, checked))}
      />
    );
  };

  return (
    <form className="role-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="role-name"
        label={t('roles.name')}
        value={name}
        disabled={readOnly}
        className={nameMissing ? 'ion-invalid ion-touched' : undefined}
        onChange={setName}
        testId="role-name"
      />
      {nameMissing && (
        <IonNote color="danger" id="role-name-error" role="alert">
          {t('roles.nameRequired')}
        </IonNote>
      )}
      <table className="privilege-tree">
        <thead>
          <tr>
            <th scope="col">{t('roles.privilege')}</th>
            <th scope="col">{t('roles.read')}</th>
            <th scope="col">{t('roles.write')}</th>
          </tr>
        </thead>
        <tbody>
          {tree.map((p) => (
            <tr key={p.key} data-depth={p.depth}>
              <th scope="row" style={{ paddingInlineStart: `${0.5 + p.depth * 1.5}rem` }}>
                {t(`privileges.${p.key}`)}
              </th>
              <td>{box(p, 'read')}</td>
              <td>{box(p, 'write')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <IonButton type="submit" expand="block" disabled={busy}>
          {tc('dialog.save')}
        </IonButton>
      )}
    </form>
  );
}
