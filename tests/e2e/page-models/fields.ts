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
