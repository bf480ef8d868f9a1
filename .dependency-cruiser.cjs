// The boundaries `npm run check` enforces (decision 0025). Paths are relative to the repository
// root; type-only imports count like any other (tsPreCompilationDeps).
const server = '^apps/server/src/';
const modules = `${server}modules/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle anywhere: a cycle makes load order matter and blurs who depends on whom.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-to-server',
      comment: 'The browser app meets the server only in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'studio-not-to-other-apps',
      comment:
        'The creator studio meets the server and the player site only in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/studio/' },
      to: { path: '^apps/(server|web)/' },
    },
    {
      name: 'apps-not-to-studio',
      comment: 'Nothing imports the studio: it is its own site.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/studio/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'The server meets the browser app only in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment:
        'Contracts are the seam: they depend on zod, never on an app or another package of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages|e2e|bench|scripts)/', pathNot: '^packages/contracts/' },
    },
    {
      name: 'browser-package-not-to-apps',
      comment:
        'packages/browser serves both sites and knows neither: it depends on contracts at most.',
      severity: 'error',
      from: { path: '^packages/browser/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'platform-not-to-modules',
      comment:
        'platform/ (config, http, the database and its schema) serves every module and knows none, ' +
        'not even a type: a shape both need lives in platform (e.g. db/schema/save-state.ts) or contracts.',
      severity: 'error',
      from: { path: `${server}platform/` },
      to: { path: modules },
    },
    {
      name: 'module-through-index',
      comment:
        "A module uses another only through that module's index.ts, its front door. Files of a " +
        'module, tests beside them included, use their own module freely.',
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: {
        path: `${modules}[^/]+/`,
        pathNot: [`${modules}$1/`, `${modules}[^/]+/index[.]ts$`],
      },
    },
    {
      name: 'routes-not-to-database',
      comment:
        'A route calls a service or queries function: it never touches a table or the query builder. ' +
        'It may hold the connection (platform/db/client.ts) to hand it on.',
      severity: 'error',
      from: { path: `${modules}.*routes[^/]*[.]ts$` },
      to: {
        path: [`${server}platform/db/`, '(^|/)node_modules/(drizzle-orm|pg|@electric-sql/pglite)/'],
        pathNot: `${server}platform/db/client[.]ts$`,
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // Workspace packages resolve to their sources, as the typecheck and tests see them.
      exportsFields: ['exports'],
      conditionNames: ['taleforge-source', 'import', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
