/** A form's values: every field holds text, so that every rule and `initial` work alike. */
export type FormValues = Record<string, string>;

/** The ticked values of a 'checkboxes' field, and back. */
export const listValue = (value: string | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);
export const joinList = (values: readonly string[]): string => values.join(',');
