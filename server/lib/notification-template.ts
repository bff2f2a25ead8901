import { NOTIFICATION_VARIABLES } from '../../contract/schemas/alarms';

/** The values a notification's subject and body may name, e.g. {store} (the console lists them beside the texts). */
export type NotificationVariables = Partial<Record<(typeof NOTIFICATION_VARIABLES)[number], string>>;

/** {name} → its value; an unknown or missing name stays as written, so a typo shows in the mail rather than vanishing. */
export function fillTemplate(template: string, vars: NotificationVariables): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => (vars as Record<string, string | undefined>)[name] ?? whole);
}
