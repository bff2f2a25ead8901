import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover, IonSpinner } from '@ionic/react';
import { ellipsisHorizontal, trashOutline } from 'ionicons/icons';
import { useRef, useState, type MouseEvent } from 'react';
import { HiddenFileInput, useSending } from '../hidden-file-input';
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
  const { sending, send } = useSending();
  const elements = actions.map(
    (action) =>
      action.file && (
        <HiddenFileInput
          key={action.label}
          ref={(el) => void (el ? inputs.current.set(action.label, el) : inputs.current.delete(action.label))}
          accept={action.file.accept}
          label={action.label}
          testId={action.testId}
          onFiles={([file]) => void send(() => action.file?.onFile(row, file))}
        />
      ),
  );
  return { busy: sending, elements, open: (action: RowActionDef<Row>) => inputs.current.get(action.label)?.click() };
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
            {picks.busy ? (
              <IonSpinner name="dots" slot="icon-only" />
            ) : (
              <IonIcon slot="icon-only" icon={ellipsisHorizontal} aria-hidden="true" />
            )}
          </IonButton>
          <IonPopover
            isOpen={Boolean(menuEvent)}
            event={menuEvent}
            onDidDismiss={() => setMenuEvent(undefined)}
            className="data-table-row-menu"
          >
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
