import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover, IonSpinner } from '@ionic/react';
import { ellipsisHorizontal, trashOutline } from 'ionicons/icons';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowActionDef } from './types';

const destructive = <Row,>(a: RowActionDef<Row>) => a.color === 'danger';

/**
 * Which of a row's actions stay on the row and which wait in its menu (issue 31 §12: rows of 4–7 stacked buttons
 * stood ~140 px high). Two actions or fewer all stay; otherwise those declared `primary` (two at most, the first
 * action when none is) stay and the rest go to the "⋯" menu. A destructive action never stands on the row beside
 * another (issue 31 §11: a red Delete beside Edit is one slip away): it waits in the menu, last — on the row only
 * when the row offers nothing else.
 */
export function splitRowActions<Row>(actions: readonly RowActionDef<Row>[]): { inline: RowActionDef<Row>[]; menu: RowActionDef<Row>[] } {
  const safe = actions.filter((a) => !destructive(a));
  if (!safe.length || (actions.length <= 2 && safe.length === actions.length)) return { inline: [...actions], menu: [] };
  const declared = safe.filter((a) => a.primary).slice(0, 2);
  const inline = declared.length ? declared : safe.slice(0, 1);
  const menu = actions.filter((a) => !inline.includes(a)).sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  return { inline, menu };
}

interface Props<Row> {
  row: Row;
  /** Names the row in the menu button's accessible name ("More actions for admin@…"). */
  rowName: string;
  actions: readonly RowActionDef<Row>[];
}

/**
 * The hidden file inputs of a row's file-pick actions, outside the popover (which leaves the page when it closes):
 * a tap on the action opens its input's chooser within the same gesture, the browser's condition for a chooser.
 */
function useFilePicks<Row>(row: Row, actions: readonly RowActionDef<Row>[]) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [busy, setBusy] = useState(false);
  const picked = async (action: RowActionDef<Row>, target: HTMLInputElement) => {
    const file = target.files?.[0];
    target.value = ''; // the same file may be chosen again, e.g. after a fix
    if (!file || !action.file) return;
    setBusy(true);
    try {
      await action.file.onFile(row, file);
    } finally {
      setBusy(false);
    }
  };
  const elements = actions
    .filter((a) => a.file)
    .map((action) => (
      <input
        key={action.label}
        ref={(el) => void (el ? inputs.current.set(action.label, el) : inputs.current.delete(action.label))}
        type="file"
        accept={action.file?.accept}
        hidden
        aria-label={action.label}
        data-testid={action.testId && `${action.testId}-input`}
        onChange={(e) => void picked(action, e.target)}
      />
    ));
  return { busy, elements, open: (action: RowActionDef<Row>) => inputs.current.get(action.label)?.click() };
}

/** A row's kept actions as buttons (or links) and the "⋯" button that opens a popover with the others. */
export function RowActionsCell<Row>({ row, rowName, actions }: Props<Row>) {
  const { t } = useTranslation('common');
  const [menuEvent, setMenuEvent] = useState<MouseEvent<HTMLIonButtonElement>['nativeEvent']>();
  const { inline, menu } = splitRowActions(actions);
  const picks = useFilePicks(row, actions);
  const run = (action: RowActionDef<Row>) => (action.file ? picks.open(action) : void action.run?.(row));
  return (
    // A tap on an action acts on the row and must not also open the row (DataTable makes rows links).
    <span className="data-table-row-actions" onClick={(e) => e.stopPropagation()}>
      {picks.elements}
      {inline.map((action) => (
        <IonButton
          key={action.label}
          size="small"
          fill="outline"
          color={action.color}
          routerLink={action.href}
          disabled={action.disabled || (Boolean(action.file) && picks.busy)}
          data-testid={action.testId}
          onClick={action.href ? undefined : () => run(action)}
        >
          {action.file && picks.busy && <IonSpinner name="dots" slot="start" />}
          {action.label}
        </IonButton>
      ))}
      {menu.length > 0 && (
        <>
          <IonButton
            size="small"
            fill="clear"
            className="data-table-row-menu-button"
            aria-label={t('table.rowMenu', { row: rowName })}
            aria-haspopup="menu"
            aria-expanded={Boolean(menuEvent)}
            disabled={picks.busy}
            data-testid="row-menu"
            onClick={(e) => setMenuEvent(e.nativeEvent)}
          >
            {picks.busy ? <IonSpinner name="dots" slot="icon-only" /> : <IonIcon slot="icon-only" icon={ellipsisHorizontal} aria-hidden="true" />}
          </IonButton>
          <IonPopover isOpen={Boolean(menuEvent)} event={menuEvent} onDidDismiss={() => setMenuEvent(undefined)} className="data-table-row-menu">
            <IonList lines="none" aria-label={t('table.rowMenu', { row: rowName })}>
              {menu.map((action) => (
                <IonItem
                  key={action.label}
                  button
                  detail={false}
                  disabled={action.disabled}
                  // The destructive entries, last, stand apart below a line and carry a bin (issue 31 §11).
                  className={destructive(action) ? 'data-table-row-menu-danger' : undefined}
                  routerLink={action.href}
                  data-testid={action.testId}
                  onClick={() => {
                    setMenuEvent(undefined);
                    if (!action.href) run(action);
                  }}
                >
                  <IonLabel color={action.color}>{action.label}</IonLabel>
                  {destructive(action) && <IonIcon slot="end" icon={trashOutline} color="danger" aria-hidden="true" />}
                </IonItem>
              ))}
            </IonList>
          </IonPopover>
        </>
      )}
    </span>
  );
}
