import type { Plugin } from 'vite';
import { editModule, type AstNode as Node } from './vite-module-edit';

const ICONS = 'ionicons/icons';
const PREFIX = 'virtual:ionicon/';

/**
 * ionicons ships every icon as a constant of one module, so the bundler puts that module, with every icon any screen
 * uses (~38 KB), in one chunk shared by all of them: the phone's lean dashboard and the handheld loaded all of it for
 * three or four icons. Each `import { a, b as c } from 'ionicons/icons'` becomes one import per icon from a module of
 * its own, so an icon travels with the screens that draw it.
 */
export function ioniconsPerIcon(): Plugin {
  let icons: Record<string, unknown> = {};
  return {
    name: 'shelfpad-ionicons-per-icon',
    // After TypeScript is stripped: the imports are plain ES module syntax that parseAst reads.
    enforce: 'post',
    async buildStart() {
      icons = { ...(await import(ICONS)) };
    },
    transform(code, id) {
      if (id.startsWith('\0') || !code.includes(ICONS)) return null;
      return editModule(code, id, (program, out) => {
        for (const statement of program.body as Node[]) {
          if (statement.type !== 'ImportDeclaration' || (statement.source as { value: string }).value !== ICONS) continue;
          const lines = (statement.specifiers as Node[]).map((specifier) => {
            if (specifier.type !== 'ImportSpecifier') this.error(`${id}: import named icons from ${ICONS}, not the whole module`);
            const imported = (specifier.imported as { name: string }).name;
            const local = (specifier.local as { name: string }).name;
            return `import { ${imported} as ${local} } from '${PREFIX}${imported}';`;
          });
          out.overwrite(statement.start, statement.end, lines.join('\n'));
        }
      });
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      if (typeof icons[name] !== 'string') this.error(`${ICONS} has no icon named ${name}`);
      return `export const ${name} = ${JSON.stringify(icons[name])};`;
    },
  };
}
