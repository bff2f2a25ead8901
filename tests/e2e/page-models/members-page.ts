import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption, inputOf } from './fields';
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
    await inputOf(this.modal.getByTestId('role-name')).fill(name);
  }

  /** The message under the name when it was left empty. */
  nameProblem(): Locator {
    return this.modal.locator('#role-name-error');
  }

  async submit(): Promise<void> {
    await this.modal.locator('ion-button[type="submit"]').click();
  }

  async save(): Promise<void> {
    await this.submit();
    await expect(this.modal.locator('form.role-form')).toHaveCount(0);
  }
}

export class MemberModal {
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.modal = page.locator('ion-modal[data-testid="member-modal"]');
  }

  /** A field primitive of the form by the field's name (its test id is `member-modal-<name>`). */
  field(name: string): Locator {
    return this.modal.getByTestId(`member-modal-${name}`);
  }

  /** The typing target of a text or password field. */
  input(name: string): Locator {
    return inputOf(this.field(name));
  }

  /** Picks a select's option (the role) by its shown label. */
  async choose(name: string, label: string | RegExp): Promise<void> {
    await chooseOption(this.field(name), label);
  }

  /** One box of a checkbox list (companies, stores) by the text of its label; tick it with setTicked. */
  option(field: string, text: string | RegExp): Locator {
    return this.field(field).getByRole('checkbox', { name: text });
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
