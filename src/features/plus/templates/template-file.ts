import type { Show } from '../../../../contract/schemas/plus';

/*
 * The exported template file (plus-signage §3): a JSON object {name, size, show}, or an array of them. Import needs
 * name, show and size; replacing an existing template needs only show and size (§5). Anything else is
 * "Invalid file format"; text that is no JSON at all shows the parser's own error.
 */

export interface TemplateFile {
  name: string;
  size: string;
  show: Show[];
}

export class TemplateFileError extends Error {
  /** 'format': not templates ("Invalid file format"); 'json': not JSON (the message is the parser's). */
  constructor(
    readonly kind: 'format' | 'json',
    message: string,
  ) {
    super(message);
  }
}

const isEntry = (value: unknown, needName: boolean): value is { name?: unknown; size: unknown; show: unknown } => {
  const v = value as Record<string, unknown> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Array.isArray(v.show) &&
    typeof v.size === 'string' &&
    v.size !== '' &&
    (!needName || (typeof v.name === 'string' && v.name.trim() !== ''))
  );
};

/** The templates of a file's text; `replacing` names the template a single entry replaces. */
export function parseTemplateFile(text: string, replacing?: string): TemplateFile[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TemplateFileError('json', (error as Error).message);
  }
  const list = Array.isArray(data) ? data : [data];
  if (!list.length || (replacing !== undefined && list.length !== 1)) throw new TemplateFileError('format', 'Invalid file format');
  return list.map((entry) => {
    if (!isEntry(entry, replacing === undefined)) throw new TemplateFileError('format', 'Invalid file format');
    return { name: replacing ?? String(entry.name).trim(), size: entry.size as string, show: entry.show as Show[] };
  });
}

/** One template as an object, several as an array; pretty-printed so that a person can read the file. */
export const templateFileText = (templates: readonly TemplateFile[]) =>
  JSON.stringify(templates.length === 1 ? templates[0] : templates, null, 2);
