import { expect, type Locator, type Page } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** /members and /roles (src/features/members, src/features/roles) as a user sees them. */
export class MembersPage extends ListScreenModel {
  /** The role editor: name and the read/write boxes of the privilege tree. */
  roleModal(): RoleModal {
    return new RoleModal(this.page);
  }

  memberModal(): MemberModal {
    return new MemberModal(this.page);
  }
}

export class RoleModal {
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.modal = page.locator('ion-modal[data-testid="role-modal"]');
  }

  box(key: string, flag: 'read' | 'write'): Locator {
    return this.modal.getByTestId(`privilege-${key}-${flag}`);
  }

  async fillName(name: string): Promise<void> {
    await this.modal.locator('#role-name').fill(name);
  }

  async save(): Promise<void> {
    await this.modal.locator('ion-button[type="submit"]').click();
    await expect(this.modal.locator('form.role-form')).toHaveCount(0);
  }
}

export class MemberModal {
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.modal = page.locator('ion-modal[data-testid="member-modal"]');
  }

  input(name: string): Locator {
    return this.modal.locator(`[name="${name}"]`);
  }

  /** One box of a checkbox list (companies, stores) by the text of its label. */
  option(field: string, text: string | RegExp): Locator {
    return this.modal.locator(`#member-modal-${field}`).getByLabel(text);
  }

  problem(name: string): Locator {
    return this.modal.locator(`#member-modal-${name}-error`);
  }

  async submit(): Promise<void> {
    await this.modal.locator('ion-button[type="submit"]').click();
  }

  async expectClosed(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toHaveCount(0);
  }
}
