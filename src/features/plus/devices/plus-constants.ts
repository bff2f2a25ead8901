/*
 * Constants and paths of the Plus screens (plus-signage §2, §9).
 */
import { PLUS_PAGE_SIZE } from '../../../../contract/schemas/constants-plus';
import { ADMIN_PAGE_SIZES } from '../../../../contract/schemas/constants-admin';

/** 25 rows first (plus-signage §2.1, §2.2), then the usual choices. */
export const PLUS_PAGE_SIZES = [PLUS_PAGE_SIZE, ...ADMIN_PAGE_SIZES.filter((n) => n !== PLUS_PAGE_SIZE)] as const;
/** The device list refreshes this often so that a reboot is seen going offline and back (our choice). */
export const PLUS_DEVICE_REFRESH_MS = 5_000;

export const PLUS_DEVICE_PATH = '/plus/device';
export const plusDeviceListPath = (storeCode: string) => `${PLUS_DEVICE_PATH}/list/${encodeURIComponent(storeCode)}`;
/** Modes a device can be switched to. The spec names none (plus-signage §7.2 sends a mode name): our choice. */
export const PLUS_DEVICE_MODES = ['signage', 'product', 'standby'] as const;
