import type MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { editModule, type AstNode as Node } from './vite-module-edit';

/** The fields of a call that hold TypeBox schemas: the server validates with them, the browser only needs their types. */
const SCHEMA_FIELDS = new Set(['params', 'query', 'body', 'response']);
/** Keys that make an object literal a call description (an `endpoint({...})` or a part spread into several). */
const CALL_FIELDS = new Set(['method', 'path', 'access']);
const ENDPOINT_FILE = /[\\/]contract[\\/]endpoints[\\/](?!define\.ts$)[^\\/]+\.ts$/;
const CONTRACT_FILE = /[\\/]contract[\\/](schemas[\\/][^\\/]+|table)\.ts$/;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** Every node under `node`; `enterFunctions: false` stops at function bodies (what runs later, not at load). */
function* walk(node: Node, enterFunctions = true): Generator<Node> {
  yield node;
  if (!enterFunctions && FUNCTIONS.has(node.type)) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) yield* walk(item, enterFunctions);
    if (isNode(value)) yield* walk(value, enterFunctions);
  }
}

const keyName = (property: Node) => {
  const key = property.key as Node | undefined;
  return property.type === 'Property' && key?.type === 'Identifier' ? (key.name as string) : undefined;
};

/** Endpoint files: each call description loses its schema fields (and the comma after each). */
function dropSchemaFields(code: string, program: Node, out: MagicString): void {
  for (const node of walk(program)) {
    if (node.type !== 'ObjectExpression') continue;
    const properties = node.properties as Node[];
    if (!properties.some((property) => CALL_FIELDS.has(keyName(property) ?? ''))) continue;
    for (const property of properties) {
      if (!SCHEMA_FIELDS.has(keyName(property) ?? '')) continue;
      const comma = code.slice(property.end).match(/^\s*,/);
      out.remove(property.start, property.end + (comma ? comma[0].length : 0));
    }
  }
}

/**
 * Contract modules are declarations: their module-level constants are schemas and lists built from constants, with
 * nothing to do besides. Each constant built by a call is wrapped in a pure call of its own, so the bundler drops
 * every schema no browser code reads, and TypeBox with them. (A pure mark on the schema call alone would not do: its
 * arguments, such as `...Other.properties`, still count as reads that might have effects.) Constants that are
 * functions are left alone.
 */
function markDeclarationsPure(program: Node, out: MagicString): void {
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || FUNCTIONS.has(init.type)) continue;
      if (![...walk(init, false)].some((node) => node.type === 'CallExpression' || node.type === 'NewExpression')) continue;
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.prependRight(init.end, '))()');
    }
  }
}

/**
 * The browser's copy of the contract (contract/): the one list of calls without its schemas. The client sends a call
 * by its method, path and access and never validates an answer, but a schema held by an endpoint kept TypeBox
 * (~47 KB before compression) and every contract module in each route's first load, the phone's dashboard and the
 * handheld included. The types stay (TypeScript reads the source); the server and its tests, which run the source
 * directly, keep every schema.
 */
export function clientEndpoints(): Plugin {
  return {
    name: 'shelfpad-client-endpoints',
    // After TypeScript is stripped: the code is plain JavaScript that parseAst reads.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0];
      const endpoints = ENDPOINT_FILE.test(file);
      if (!endpoints && !CONTRACT_FILE.test(file)) return null;
      return editModule(code, id, (program, out) =>
        endpoints ? dropSchemaFields(code, program, out) : markDeclarationsPure(program, out),
      );
    },
  };
}
