import type { TFunction } from 'i18next';
import { isBuiltInRole } from './privilege-tree';

/**
 * A role's name as the member reads it (issue 31 §14). Roles -1 and 0 are the system's own (server/seed/people.ts,
 * locked in the role dialog): their stored English names are keys of a kind and are shown in the member's language.
 * Every other role's name was typed by a person and stays as typed.
 */
export function roleName(t: TFunction<'members'>, role: { role_id: number; name: string }): string {
  if (!isBuiltInRole(role.role_id)) return role.name;
  return role.role_id === -1 ? t('roles.builtIn.superAdmin') : t('roles.builtIn.companyAdmin');
}
