import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { inputOf } from './fields';

/** /plus/device/show/… and /plus/template/show/… (src/features/plus/show-editor): the show editor as a user works it. */
export class ShowEditorPage {
  readonly shell: AppShell;
  readonly current: Locator;
  readonly slides: Locator;
  readonly canvas: Locator;
  readonly objects: Locator;
  readonly alert: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = this.shell.current;
    this.slides = this.current.getByTestId('show-slide');
    this.canvas = this.current.getByTestId('show-canvas');
    this.objects = this.canvas.getByTestId('show-object');
    // The newest alert: one just answered may still be leaving while the next question comes (ui/dialogs.tsx).
    this.alert = page.locator('ion-alert').last();
    this.toast = page.locator('ion-toast');
  }

  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
    await expect(this.current).toHaveAttribute('data-route', path, { timeout: 30_000 });
    await expect(this.current.getByTestId('show-editor')).toBeVisible({ timeout: 30_000 });
  }

  /**
   * Save, and wait until the editor holds nothing unsaved: its save's own answer, where a 'Complete!' toast on
   * screen may still be an earlier action's (toasts stay 10 s). `toast` is the message the save shows.
   */
  async save(toast = 'Complete!'): Promise<void> {
    const editor = this.current.getByTestId('show-editor');
    await expect(editor).toHaveAttribute('data-dirty', 'true');
    await this.button('show-save').click();
    await expect(editor).toHaveAttribute('data-dirty', 'false', { timeout: 30_000 });
    await expect(this.toast.filter({ hasText: toast, visible: true }).first()).toBeVisible();
  }

  button(testId: string): Locator {
    return this.current.getByTestId(testId);
  }

  async confirm(): Promise<void> {
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }

  async selectSlide(n: number): Promise<void> {
    await this.slides
      .nth(n - 1)
      .getByTestId('show-slide-select')
      .click();
  }

  /** The slide names in list order ("Slide 1", …) with their meta line, to follow a slide through a reorder. */
  slideMetas(): Promise<string[]> {
    return this.slides.locator('.show-slide__meta').allInnerTexts();
  }

  /** Adds an asset from the palette's tab (image, video, widget) by its name. */
  async addAsset(type: 'image' | 'video' | 'widget', name: string): Promise<void> {
    await this.current.getByTestId(`show-palette-${type}`).click();
    // The button's name is its visible text (the file name, then its size), then the action.
    const word = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.current.getByRole('button', { name: new RegExp(`(^|\\s)${word}\\s`) }).click();
  }

  async addProduct(): Promise<void> {
    await this.current.getByTestId('show-palette-product').click();
    await this.button('show-palette-add-product').click();
  }

  /** Drags by the mouse, in small steps as a hand does; dx, dy in page pixels. */
  async drag(from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
    await this.page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
    // A hand rests a moment before letting go: the sortable list finds the slide under the pointer in the frames after a move.
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await this.page.mouse.up();
  }

  /**
   * Drags slide `from` (1-based) by its handle onto slide `to` and lets go once the list has made room there (the
   * slide at `to` is shifted aside by the sortable list while the pointer rests over it).
   */
  async moveSlide(from: number, to: number): Promise<void> {
    // Scrolled down to the canvas, the strip sits under the page header, where a press would land on the header.
    await this.slides.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const grip = (await this.slides
      .nth(from - 1)
      .getByTestId('show-slide-handle')
      .boundingBox())!;
    const target = (await this.slides.nth(to - 1).boundingBox())!;
    const start = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    const end = { x: start.x + target.x - grip.x - 4, y: start.y };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move((start.x + end.x) / 2, end.y, { steps: 5 });
    await this.page.mouse.move(end.x, end.y, { steps: 5 });
    await expect(this.slides.nth(to - 1)).toHaveAttribute('style', /translate/);
    await this.page.mouse.up();
  }

  /** Moves an object by grabbing it near its top left corner. */
  async moveObject(object: Locator, dx: number, dy: number): Promise<void> {
    await object.scrollIntoViewIfNeeded();
    const box = (await object.boundingBox())!;
    await this.drag({ x: box.x + 12, y: box.y + 12 }, dx, dy);
  }

  /** Resizes the selected object by its bottom right handle to a size in canvas pixels. */
  async resizeSelected(object: Locator, width: number, height: number): Promise<void> {
    const box = (await object.boundingBox())!;
    const handle = object.locator('.show-handle--bottom-right');
    const grip = (await handle.boundingBox())!;
    const from = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    await this.drag(from, box.x + width - (box.x + box.width), box.y + height - (box.y + box.height));
  }

  /** Sets the selected slide's duration (seconds) and background colour in its property fields. */
  async setSlide({ duration, bgColor }: { duration?: number; bgColor?: string }): Promise<void> {
    if (duration !== undefined) await inputOf(this.button('show-duration')).fill(String(duration));
    if (bgColor !== undefined) await this.button('show-bg-color').fill(bgColor);
  }

  /** The checkbox of one of the store's schedules on the selected slide, by the schedule's name. */
  scheduleBox(name: string): Locator {
    return this.button('show-slide-props').getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  }

  /** 'Save as template' with a name; answers the question whether to set it on the device (plus-signage §4). */
  async saveAsTemplate(name: string, setOnDevice: boolean): Promise<void> {
    await this.button('show-save-template').click();
    await this.alert.locator('input').fill(name);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    const question = this.alert.filter({ hasText: `Set template ${name} on device` });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: setOnDevice ? 'OK' : 'Cancel' }).click();
    await expect(this.alert).toHaveCount(0);
  }

  /** The selected object's place and size in screen pixels, as its property fields show them. */
  async selectedRect(): Promise<{ left: number; top: number; width: number; height: number }> {
    const value = async (field: string) => Number(await inputOf(this.current.getByTestId(`show-object-${field}`)).inputValue());
    return { left: await value('left'), top: await value('top'), width: await value('width'), height: await value('height') };
  }
}
