/** The device show editor's address (plus-signage §2.2 row actions: the device list's "Edit the shows"). */
export const deviceShowPath = (storeCode: string, mac: string) =>
  `/plus/device/show/${encodeURIComponent(storeCode)}/${encodeURIComponent(mac)}`;
