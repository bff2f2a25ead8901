import type { ComponentProps, ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import './row-actions.css';

/**
 * The buttons of one table row (a list's actions column, a history's error file): a tap on one acts on that row
 * and must not also open the row, which DataTable makes a link on a desktop and a card on a phone.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <span className="row-actions" onClick={(e) => e.stopPropagation()}>
      {children}
    </span>
  );
}

/** One button of a row: small and flat unless the screen asks otherwise (fill, color). */
export function RowAction(props: ComponentProps<typeof IonButton>) {
  return <IonButton size="small" fill="clear" {...props} />;
}
