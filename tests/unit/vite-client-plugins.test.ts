import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { menuSharp } from 'ionicons/icons';
import { clientEndpoints } from '../../scripts/vite-client-endpoints';
import { ioniconsPerIcon } from '../../scripts/vite-ionicons-per-icon';
import { leanChunks } from '../../scripts/vite-lean-chunks';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transform' | 'resolveId' | 'load' | 'buildStart') => plugin[name] as unknown as Hook;
const context = {
  error: (message: string) => {
    throw new Error(message);
  },
};

/** The plugin sees a file as the build hands it over: TypeScript already stripped. */
async function transformed(plugin: Plugin, file: string): Promise<string> {
  const js = (await transformWithOxc(readFileSync(file, 'utf8'), file)).code;
  const out = (await hook(plugin, 'transform').call(context, js, resolve(file))) as { code: string } | null;
  return out ? out.code : js;
}

describe('the browser build of the contract (scripts/vite-client-endpoints.ts)', () => {
  it('drops every schema field of the calls and keeps what the client sends them with', async () => {
    const code = await transformed(clientEndpoints(), 'contract/endpoints/tags.ts');
    expect(code).not.toMatch(/\b(params|query|body|response):/);
    expect(code).toContain('path: "/tag/list/store/:storeCode"');
    expect(code).toContain('method: "POST"');
    expect(code).toContain('multipart: true');
    // The endpoint file still parses and names no schema it no longer uses in a property.
    expect(code).not.toMatch(/:\s*TagListRequestSchema/);
  });

  it('wraps each contract constant built by a call in a pure call, and leaves helper functions as they are', async () => {
    const code = await transformed(clientEndpoints(), 'contract/schemas/common.ts');
    expect(code).toMatch(/const Code = \/\* @__PURE__ \*\/ \(\(\) => \(Type\.String\(/);
    expect(code).toMatch(/const Text = \(maxLength = 255\) => Type\.String/);
  });

  it('leaves other modules alone', async () => {
    const source = 'export const x = Type.String();';
    expect(await hook(clientEndpoints(), 'transform').call(context, source, resolve('src/platform/api.ts'))).toBeNull();
  });
});

describe('ionicons one module per icon (scripts/vite-ionicons-per-icon.ts)', () => {
  it('imports each named icon from a module of its own, whose value is the icon', async () => {
    const plugin = ioniconsPerIcon();
    await hook(plugin, 'buildStart').call(context);
    const code = await transformed(plugin, 'src/scan/handheld/handheld-app.tsx');
    expect(code).not.toContain("from 'ionicons/icons'");
    expect(code).toContain("import { menuSharp as menuSharp } from 'virtual:ionicon/menuSharp';");
    const id = hook(plugin, 'resolveId').call(context, 'virtual:ionicon/menuSharp') as string;
    expect(hook(plugin, 'load').call(context, id)).toBe(`export const menuSharp = ${JSON.stringify(menuSharp)};`);
  });

  it('refuses an icon ionicons does not have', async () => {
    const plugin = ioniconsPerIcon();
    await hook(plugin, 'buildStart').call(context);
    const id = hook(plugin, 'resolveId').call(context, 'virtual:ionicon/noSuchIcon') as string;
    expect(() => hook(plugin, 'load').call(context, id)).toThrow(/no icon named noSuchIcon/);
  });
});

describe('the lean apps’ chunk groups (scripts/vite-lean-chunks.ts)', () => {
  /** A module graph as the bundler reports it after the build: module → its static imports; `entry` is the page's. */
  function groupsOf(graph: Record<string, string[]>, apps: Record<string, string>): Record<string, string | null> {
    const ids = Object.keys(graph).map((id) => resolve(id));
    const ctx = {
      ...context,
      getModuleIds: () => ids.values(),
      getModuleInfo: (id: string) => {
        const key = Object.keys(graph).find((k) => resolve(k) === id);
        return key ? { isEntry: key === 'index.html', importedIds: graph[key].map((i) => resolve(i)) } : null;
      },
    };
    const { plugin, group } = leanChunks(apps);
    (plugin.buildEnd as unknown as Hook).call(ctx);
    return Object.fromEntries(Object.keys(graph).map((id) => [id, group.test(resolve(id)) ? group.name(resolve(id)) : null]));
  }

  it('puts what only one app reaches in its chunk, what several reach in the shared one, what the entry loads in start', () => {
    const groups = groupsOf(
      {
        'index.html': ['main.tsx'],
        'main.tsx': ['entry.tsx', 'react.js'],
        'entry.tsx': ['react.js'],
        'react.js': [],
        'scan-app.tsx': ['scan-screen.tsx', 'session.ts', 'react.js'],
        'scan-screen.tsx': ['session.ts'],
        'login-app.tsx': ['session.ts', 'form.tsx'],
        'form.tsx': [],
        'session.ts': [],
        'console.tsx': ['scan-screen.tsx', 'ionic.js'],
        'ionic.js': [],
      },
      { handheld: 'scan-app.tsx', login: 'login-app.tsx' },
    );
    expect(groups).toEqual({
      // The page's script stays the entry chunk's; what it imports beyond main.tsx is one file.
      'index.html': null,
      'main.tsx': null,
      'entry.tsx': 'start',
      'react.js': 'start',
      'scan-app.tsx': 'handheld',
      'scan-screen.tsx': 'handheld',
      'login-app.tsx': 'login',
      'form.tsx': 'login',
      'session.ts': 'lean-shared',
      // Nothing an app reaches by static imports: the bundler's own chunks.
      'console.tsx': null,
      'ionic.js': null,
    });
  });

  it('refuses an app whose module is not in the build', () => {
    expect(() => groupsOf({ 'index.html': [] }, { handheld: 'src/scan/handheld/gone.tsx' })).toThrow(
      /handheld: src\/scan\/handheld\/gone\.tsx is not in the module graph/,
    );
  });
});
