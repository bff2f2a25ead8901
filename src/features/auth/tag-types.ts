import type { TagTypeInfo } from '../../../contract/schemas/tags';
import { statusEndpoints } from '../../../contract/endpoints/status';
import { api } from '../../platform/api';

/*
 * Tag type information (GET /tag/type/info), loaded once after login (console-core §2 Login) for the screens
 * that name tag models. Kept in sessionStorage next to the session, so a reload keeps it and it ends with the
 * browser session; screens that find it missing (a failed load) call loadTagTypes themselves.
 */
const KEY = 'shelfpad.tagTypes';
let cached: TagTypeInfo[] | undefined;

export async function loadTagTypes(): Promise<TagTypeInfo[]> {
  const list = await api.call(statusEndpoints.tagTypeInfo, {});
  cached = list;
  sessionStorage.setItem(KEY, JSON.stringify(list));
  return list;
}

export function getTagTypes(): TagTypeInfo[] | undefined {
  if (cached) return cached;
  try {
    const raw = sessionStorage.getItem(KEY);
    cached = raw ? (JSON.parse(raw) as TagTypeInfo[]) : undefined;
  } catch {
    sessionStorage.removeItem(KEY);
  }
  return cached;
}

export function clearTagTypes(): void {
  cached = undefined;
  sessionStorage.removeItem(KEY);
}
