import { SCREEN_SIZE_LABELS, TEMPLATE_SIZE_DEFAULT } from '../../../../contract/schemas/constants-plus';

/* Routes and choices of the template screens (plus-signage §2.2, §2.3, §5). */

export const templateListPath = (storeCode: string) => `/plus/template/list/${encodeURIComponent(storeCode)}`;
/** The show editor of a template (the editor's own route); mode is new or edit. */
export const templateEditorPath = (storeCode: string, name: string, mode: 'new' | 'edit', size: string) =>
  `/plus/template/show/${encodeURIComponent(storeCode)}/${encodeURIComponent(name)}/${mode}/${encodeURIComponent(size)}`;

/** The sizes a template is made for: the spec's screen size labels, 23.1 first (the default). */
export const TEMPLATE_SIZES: readonly string[] = [TEMPLATE_SIZE_DEFAULT, ...new Set(Object.values(SCREEN_SIZE_LABELS))].filter(
  (s, i, all) => all.indexOf(s) === i,
);
