/*
 * Blink for Plus devices (plus-signage §1 "Blink a product's device", §7 blinkPlus(storeCode, {prCode})). Staff scan
 * either the product code or the device's own barcode (its address, NOTES.md 5); an address is turned into one of
 * the products the device shows, which makes that device (and any other showing the product) blink.
 */
import { plusEndpoints } from '../../../contract/endpoints/plus';
import { api } from '../../platform/api';
import { parseDeviceEntry } from '../input/mac-entry-state';

export interface PlusBlinkResult {
  /** The scanned code, and the product it stood for when it was a device address. */
  codes: string[];
  count: number;
}

export class PlusDeviceWithoutProduct extends Error {}

/**
 * The product to blink for a scan. A 12-digit product code (UPC-A) also reads as an address, so an address counts
 * only when the store has that device; otherwise the scan is a product code.
 */
async function productFor(storeCode: string, code: string): Promise<{ prCode: string; mac?: string }> {
  const entry = parseDeviceEntry(code);
  if (entry.state === 0) return { prCode: code };
  const found = await api.call(plusEndpoints.plusSearch, { params: { storeCode }, query: { keyword: entry.mac } });
  const device = found.devList.find((d) => d.mac.toLowerCase() === entry.mac);
  if (!device) return { prCode: code };
  if (!device.product.length) throw new PlusDeviceWithoutProduct(device.mac);
  return { prCode: device.product[0], mac: device.mac };
}

export async function blinkPlus(storeCode: string, code: string): Promise<PlusBlinkResult> {
  const { prCode, mac } = await productFor(storeCode, code);
  const answer = await api.call(plusEndpoints.plusBlink, { params: { storeCode }, body: { prCode } });
  return { codes: mac ? [mac, prCode] : [prCode], count: answer.count };
}
