import MagicString from 'magic-string';
import { parseAst } from 'vite';

/** An ESTree node as parseAst gives it: the fields a plugin reads are looked up by name. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The build plugins that rewrite a module in place (vite-client-endpoints.ts, vite-ionicons-per-icon.ts): parse the
 * JavaScript, let `edit` change it through MagicString, answer the new code with its source map, or null when
 * nothing changed (Vite then keeps the module as it was).
 */
export function editModule(
  code: string,
  id: string,
  edit: (program: AstNode, out: MagicString) => void,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const out = new MagicString(code);
  edit(parseAst(code) as unknown as AstNode, out);
  return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) } : null;
}
