/**
 * The direction of the imports (issue 35; docs/architecture.md §1), checked in `npm test` (scripts/test.mjs).
 * A rule here is one the code keeps today; a layer still being drawn gets its rule when it holds.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: one of its modules has to give something to a module below both.',
      from: { path: '^(src|server|contract)/' },
      to: { circular: true },
    },
    {
      name: 'pwa-not-server',
      severity: 'error',
      comment: 'The PWA runs in the browser: it shares the contract with the server, never the server code.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'contract-alone',
      severity: 'error',
      comment:
        'The contract (contract/: the schemas, the calls, table paging, the label drawing both sides share) is ' +
        'imported by the PWA and the server and imports nothing of either.',
      from: { path: '^contract/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'screens-not-shell',
      severity: 'error',
      comment:
        'Screens and primitives are below the shell (src/shell/: the route table, the app picker, the layout and ' +
        'the guard) and main.tsx, which import them, not the other way: what a screen needs of the shell comes through the ' +
        'platform, e.g. a context in platform/path-access.ts.',
      from: { path: '^src/(features|ui|scan|offline)/' },
      to: { path: '^src/(shell/|[^/]+\\.tsx?$)' },
    },
    {
      name: 'platform-below-screens',
      severity: 'error',
      comment:
        'src/platform/ is the platform the screens stand on (API client, session, config, caches, i18n, PWA): it knows no ' +
        'screen, primitive or shell part. What it needs from above is handed in (the load-failure dialog: a context ' +
        'the shell provides).',
      from: { path: '^src/platform/' },
      to: { path: '^src/((ui|features|scan|offline|shell)/|[^/]+\\.tsx?$)' },
    },
    {
      name: 'ui-not-screens',
      severity: 'error',
      comment: 'The primitives serve every screen and know none.',
      from: { path: '^src/ui/' },
      to: { path: '^src/(features|scan/screen|scan/handheld)/' },
    },
    {
      name: 'server-below-routes',
      severity: 'error',
      comment: 'Routes call services, repositories and libraries; nothing below a route imports one.',
      from: { path: '^server/(lib|services|repos|db|sim|scale|seed|push)/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'lib-not-repos',
      severity: 'error',
      comment:
        'Libraries (server/lib/) are the pieces that need no stored data: what reads or writes the database through ' +
        'repositories is a service (server/services/), so a library imports no repository, service or route.',
      from: { path: '^server/lib/' },
      to: { path: '^server/(repos|services|routes)/' },
    },
    {
      name: 'repos-not-services',
      severity: 'error',
      comment: 'Services compose repositories; a repository calling a service would make that a circle of layers.',
      from: { path: '^server/repos/' },
      to: { path: '^server/services/' },
    },
    {
      name: 'repos-not-routes-or-sim',
      severity: 'error',
      comment: 'Repositories are the SQL of the server: they import the schema and libraries, not the simulator.',
      from: { path: '^server/repos/' },
      to: { path: '^server/sim/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|dist|\\.e2e-data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
