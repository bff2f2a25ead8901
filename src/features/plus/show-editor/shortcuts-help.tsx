import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../../ui/modal-frame';
import { NUDGE_PX, NUDGE_SHIFT_PX } from './use-editor-keys';
import { SNAP_PX } from './snap';

/** Keys of use-editor-keys.ts and the pull of snap.ts, as the editor really does them: written nowhere else in the UI. */
const KEYS = [
  { keys: 'keys.arrows', does: 'does.nudge', values: { px: NUDGE_PX } },
  { keys: 'keys.shiftArrows', does: 'does.nudge', values: { px: NUDGE_SHIFT_PX } },
  { keys: 'keys.undo', does: 'does.undo', values: {} },
  { keys: 'keys.redo', does: 'does.redo', values: {} },
  { keys: 'keys.delete', does: 'does.remove', values: {} },
] as const;

/** The editor's keyboard and snapping help (issue 31 §2), opened from its toolbar. */
export function ShortcutsHelp({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('plusShowEditor');
  return (
    <ModalFrame isOpen={isOpen} title={t('shortcuts.title')} onClose={onClose} closeLabel={t('shortcuts.close')} testId="show-shortcuts">
      <table className="show-shortcuts">
        <caption>{t('shortcuts.keysCaption')}</caption>
        <tbody>
          {KEYS.map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{t(`shortcuts.${k.keys}`)}</kbd>
              </th>
              <td>{t(`shortcuts.${k.does}`, k.values)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('shortcuts.keysWhere')}</p>
      <h3>{t('shortcuts.snapTitle')}</h3>
      <p>{t('shortcuts.snap', { px: SNAP_PX })}</p>
      <p>{t('shortcuts.fixed')}</p>
    </ModalFrame>
  );
}
