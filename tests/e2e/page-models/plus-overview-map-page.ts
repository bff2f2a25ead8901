import { expect, type Locator } from '@playwright/test';
import { choosePageSize } from './list-screen';
import { PlusDevicesPage } from './plus-devices-page';

/**
 * The map view of a Plus store overview (src/features/plus/devices/plus-store-overview.tsx; /plus/device, /plus/image, …,
 * /plus/schedule): the map with its store markers and their popups, the side list of stores. `screen` is the
 * overview's test id prefix: plus-device, plus-image, plus-video, plus-widget, plus-template, plus-schedule.
 */
export class PlusOverviewMapPage extends PlusDevicesPage {
  screen = 'plus-device';

  /** Which overview the next calls are about. */
  of(screen: string): this {
    this.screen = screen;
    return this;
  }

  get map(): Locator {
    return this.current.getByTestId(`${this.screen}-map`);
  }

  get list(): Locator {
    return this.current.getByTestId(`${this.screen}-map-list`);
  }

  /** The open marker popup's content (leaflet draws it inside the map). */
  get popup(): Locator {
    return this.page.getByTestId(`${this.screen}-popup`);
  }

  /** Table → map with the overview's segment. */
  async showMap(): Promise<void> {
    await this.showViewOf(this.screen, 'map');
    await expect(this.map).toBeVisible();
  }

  /** Picks a store in the side list (all stores on one page first): the map goes to its marker and opens its popup. */
  async pickStore(storeCode: string): Promise<void> {
    await choosePageSize(this.list, -1);
    await this.list.locator(`li[data-item="${storeCode}"] button`).click();
    await expect(this.popup).toBeVisible();
  }

  /** Closes the open popup with its ×. */
  async closePopup(): Promise<void> {
    await this.map.locator('.leaflet-popup-close-button').click();
    await expect(this.popup).toBeHidden();
  }

  /** Leaflet's "−" button, as often as asked; the map keeps its centre. */
  async zoomOut(times: number): Promise<void> {
    const before = Number(await this.map.getAttribute('data-zoom'));
    for (let i = 1; i <= times; i++) {
      await this.map.locator('.leaflet-control-zoom-out').click();
      await expect(this.map).toHaveAttribute('data-zoom', String(before - i));
    }
  }

  /** The marker under the map's centre: its status class (map-marker-NORMAL, …), or '' if none is there. */
  async markerStatusAtCentre(): Promise<string> {
    return this.map.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const cls = hit?.getAttribute('class') ?? '';
      return /map-marker-(\w+)/.exec(cls)?.[1] ?? '';
    });
  }

  /** Clicks the map's centre, where the marker of the store the map was centred on sits, as a user taps it. */
  async clickCentre(): Promise<void> {
    const box = (await this.map.boundingBox())!;
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
}
