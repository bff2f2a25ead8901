import { expect, type Locator } from '@playwright/test';

/*
 * The field primitives of src/ui/fields.tsx as a user works them: the test id sits on the Ionic element, the
 * text is typed into its inner input, a select opens its popover and a choice is tapped there.
 */

/** The typing target of a TextField. */
export const inputOf = (field: Locator): Locator => field.locator('input');

/** Opens a SelectField and taps the option of that label; the popover closes on the choice. */
export async function chooseOption(select: Locator, label: string | RegExp): Promise<void> {
  await select.click();
  const popover = select.page().locator('ion-popover.select-popover').last();
  await popover.getByRole('radio', { name: label }).click();
  await expect(popover).toBeHidden();
}

/** What a SelectField shows as chosen. */
export const chosenText = (select: Locator): Locator => select.locator('.select-text');

/**
 * Ticks or clears a checkbox as a user taps it. Ionic's checkbox draws its new state (aria-checked) a frame after
 * the tap when the page is busy re-rendering, and Playwright's check() reads the state at once; so: tap, then wait
 * for the state. A native checkbox is set directly.
 */
export async function setTicked(box: Locator, ticked = true): Promise<void> {
  if ((await box.evaluate((e) => e.tagName)) !== 'ION-CHECKBOX') return box.setChecked(ticked);
  if ((await box.getAttribute('aria-checked')) === String(ticked)) return;
  await box.click();
  await expect(box).toHaveAttribute('aria-checked', String(ticked));
}

/**
 * A FormModal field by its name: the primitive (test id `<form test id>-<name>`) or, for a field the form draws
 * itself, the browser's control of that name. setFormField works it.
 */
export const formField = (modal: Locator, formTestId: string, name: string): Locator =>
  modal.locator(`[data-testid="${formTestId}-${name}"], [name="${name}"]`).first();

/** The element a FormModal text field types into (the input inside the primitive): its value, focus, placeholder. */
export const formInput = (modal: Locator, formTestId: string, name: string): Locator => {
  const host = `[data-testid="${formTestId}-${name}"]`;
  return modal.locator(`${host} input, ${host} textarea, [name="${name}"]`).first();
};

/** The message under a FormModal field that broke a rule. */
export const formFieldProblem = (modal: Locator, formTestId: string, name: string): Locator =>
  modal.locator(`[id="${formTestId}-${name}-error"]`);

/** A name matched whole (getByRole's name otherwise also matches a longer name holding it). */
export const exactText = (text: string): RegExp => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/**
 * Sets a FormModal field as a user does, from the value the form holds: types a text, taps the option that holds
 * the value, ticks a checkbox for 'true' and clears it for ''.
 */
export async function setFormField(field: Locator, value: string): Promise<void> {
  switch (await field.evaluate((e) => e.tagName)) {
    case 'ION-INPUT':
      return inputOf(field).fill(value);
    case 'ION-TEXTAREA':
      return field.locator('textarea').fill(value);
    case 'ION-SELECT': {
      const label = await field.evaluate((select, wanted) => {
        const option = [...select.querySelectorAll('ion-select-option')].find(
          (o) => String((o as HTMLIonSelectOptionElement).value) === wanted,
        );
        return option?.textContent?.trim();
      }, value);
      if (label === undefined) throw new Error(`no option with the value ${value}`);
      return chooseOption(field, exactText(label));
    }
    case 'ION-CHECKBOX':
      return setTicked(field, value === 'true');
    case 'SELECT':
      await field.selectOption(value);
      return;
    default:
      return field.fill(value);
  }
}
