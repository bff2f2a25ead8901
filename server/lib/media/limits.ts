import { badRequest } from '../errors';

/*
 * Upload size limits, kept in the Plus setting (edited as a whole in the console) so that an operator can change
 * them without a restart. Values are megabytes; a missing key takes the default. The multipart reader's own cap
 * (50 MB per file, plugins/multipart-form.ts) bounds them all, since forms are read into memory.
 */
export const SIZE_LIMIT_KEYS = {
  image: 'maxImageSizeMB',
  video: 'maxVideoSizeMB',
  widget: 'maxWidgetSizeMB',
  software: 'maxSoftwareSizeMB',
} as const;
export type LimitKind = keyof typeof SIZE_LIMIT_KEYS;
export const DEFAULT_SIZE_LIMITS_MB: Record<LimitKind, number> = { image: 20, video: 50, widget: 20, software: 50 };
const MAX_MB = 50;

/** Limits in bytes. With strict, a key that is present but not a number 1..50 is a 400 (when saving the setting). */
export function sizeLimits(setting: Record<string, unknown>, strict = false): Record<LimitKind, number> {
  const out = {} as Record<LimitKind, number>;
  for (const kind of Object.keys(SIZE_LIMIT_KEYS) as LimitKind[]) {
    const key = SIZE_LIMIT_KEYS[kind];
    const value = setting[key];
    const valid = typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_MB;
    if (strict && value !== undefined && !valid)
      throw badRequest(`${key} must be a number of megabytes from 1 to ${MAX_MB}.`, 'INVALID_SETTING');
    out[kind] = Math.round((valid ? value : DEFAULT_SIZE_LIMITS_MB[kind]) * 1024 * 1024);
  }
  return out;
}
