/*
 * A camera sees the same barcode in every frame for as long as it is in view; one physical scan must be reported
 * once. Pure (the caller passes the clock) so it is unit-tested without a camera.
 */
export const CAMERA_REPEAT_MS = 1500;

export function createDedupe(windowMs = CAMERA_REPEAT_MS): (code: string, now: number) => boolean {
  let lastCode: string | undefined;
  let lastAt = -Infinity;
  return (code, now) => {
    // Every sighting of the same code extends the quiet window: holding a label in view must not repeat it.
    const repeat = code === lastCode && now - lastAt < windowMs;
    lastAt = now;
    lastCode = code;
    return !repeat;
  };
}

/** The formats the console reads, in BarcodeDetector's names (the native API and our zxing mapping share them). */
export const CAMERA_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code', 'data_matrix'] as const;
export type CameraFormat = (typeof CAMERA_FORMATS)[number];

/** At least 10 decode attempts per second when requestVideoFrameCallback is unavailable. */
export const CAMERA_TICK_MS = 80;
