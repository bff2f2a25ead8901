import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { ellipsisHorizontal } from 'ionicons/icons';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowActionDef } from './types';

/**
 * Which of a row's actions stay on the row and which wait in its menu (issue 31 §12: rows of 4–7 stacked buttons
 * stood ~140 px high). Two actions or fewer all stay; otherwise those declared `primary` (two at most, the first
 * action when none is) stay and the rest go to the "⋯" menu — a destructive one always last there.
 */
export function splitRowActions<Row>(actions: readonly RowActionDef<Row>[]): { inline: RowActionDef<Row>[]; menu: RowActionDef<Row>[] } {
  if (actions.length <= 2) return { inline: [...actions], menu: [] };
  const declared = actions.filter((a) => a.primary).slice(0, 2);
  const inline = declared.length ? declared : actions.slice(0, 1);
  const menu = actions.filter((a) => !inline.includes(a)).sort((a, b) => Number(a.color === 'danger') - Number(b.color === 'danger'));
  return { inline, menu };
}

interface Props<Row> {
  row: Row;
  /** Names the row in the menu button's accessible name ("More actions for admin@…"). */
  rowName: string;
  actions: readonly RowActionDef<Row>[];
}

/** A row's kept actions as buttons (or links) and the "⋯" button that opens a popover with the others. */
export function RowActionsCell<Row>({ row, rowName, actions }: Props<Row>) {
  const { t } = useTranslation('common');
  const [menuEvent, setMenuEvent] = useState<MouseEvent<HTMLIonButtonElement>['nativeEvent']>();
  const { inline, menu } = splitRowActions(actions);
  const run = (action: RowActionDef<Row>) => void action.run?.(row);
  return (
    // A tap on an action acts on the row and must not also open the row (DataTable makes rows links).
    <span className="data-table-row-actions" onClick={(e) => e.stopPropagation()}>
      {inline.map((action) => (
        <IonButton
          key={action.label}
          size="small"
          fill="outline"
          color={action.color}
          routerLink={action.href}
          data-testid={action.testId}
          onClick={action.href ? undefined : () => run(action)}
        >
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
            data-testid="row-menu"
            onClick={(e) => setMenuEvent(e.nativeEvent)}
          >
            <IonIcon slot="icon-only" icon={ellipsisHorizontal} aria-hidden="true" />
          </IonButton>
          <IonPopover isOpen={Boolean(menuEvent)} event={menuEvent} onDidDismiss={() => setMenuEvent(undefined)} className="data-table-row-menu">
            <IonList lines="none" aria-label={t('table.rowMenu', { row: rowName })}>
              {menu.map((action) => (
                <IonItem
                  key={action.label}
                  button
                  detail={false}
                  routerLink={action.href}
                  data-testid={action.testId}
                  onClick={() => {
                    setMenuEvent(undefined);
                    if (!action.href) run(action);
                  }}
                >
                  <IonLabel color={action.color}>{action.label}</IonLabel>
                </IonItem>
              ))}
            </IonList>
          </IonPopover>
        </>
      )}
    </span>
  );
}
