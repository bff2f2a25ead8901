import type { Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** /change/history (src/features/changes): the recorded writes, a row's tone (info = blue, warning, danger) by operation. */
export class ChangeHistoryPage extends ListScreenModel {
  /** The row's colour as the screen draws it (data-tone of a table row or a card). */
  tone(id: string): Promise<string | null> {
    return this.row(id).getAttribute('data-tone');
  }

  configButton(): Locator {
    return this.current.getByTestId('change-config-open');
  }
}

/** A row of the change history as the server answers it. */
export interface ChangeRowAnswer {
  id: string;
  company: string;
  store: string;
  category: string;
  operation: string;
  method: string;
  path: string;
  email: string;
}
