import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// One Vitest run over every package. `npm test` (scripts/test.mjs) runs it with a JSON reporter;
// `npx vitest run --project server-unit` runs one project. Playwright (e2e/) runs separately.

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const webConfig = ['apps/web/vitest.config.ts', 'apps/web/vite.config.ts'].find((file) =>
  existsSync(fromRoot(file)),
);

// Integration tests run twice: on embedded PGlite and on a real PostgreSQL. scripts/test.mjs
// starts PostgreSQL and sets TEST_DATABASE_URL; without it the postgres project starts one itself,
// so `npx vitest run --project server-postgres` works alone too. The global setup migrates one
// database per project that every test database copies (apps/server/test/support/global-setup.ts).
const serverIntegration = (database: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  extends: true,
  test: {
    name: `server-${database}`,
    root: fromRoot('apps/server'),
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The embedded database's buffer cache at 16MB instead of 128MB: PGlite clears it at every
    // start, ~0.2 CPU s each, and a run opens hundreds of small databases (in the workers and in
    // the servers and CLIs they spawn, which inherit this).
    env: { TEST_DATABASE: database, EMBEDDED_DB_BUFFERS: '16MB' },
    globalSetup: [fromRoot('apps/server/test/support/global-setup.ts')],
    // Database tests are slower than unit tests: real I/O.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'contracts',
      root: fromRoot('packages/contracts'),
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'browser',
      root: fromRoot('packages/browser'),
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'server-unit',
      root: fromRoot('apps/server'),
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'scripts',
      root: fromRoot('scripts'),
      include: ['**/*.test.mjs'],
      environment: 'node',
    },
  },
  serverIntegration('pglite'),
  serverIntegration('postgres'),
];

// apps/web owns its config (jsdom, React plugin); we only name the project. Until the web app
// has a config there is simply no web project.
if (webConfig) {
  projects.push({
    extends: fromRoot(webConfig),
    test: { name: 'web', root: fromRoot('apps/web') },
  });
}

// The creator studio likewise (jsdom, its own config).
if (existsSync(fromRoot('apps/studio/vitest.config.ts'))) {
  projects.push({
    extends: fromRoot('apps/studio/vitest.config.ts'),
    test: { name: 'studio', root: fromRoot('apps/studio') },
  });
}

export default defineConfig({
  resolve: {
    // Tests run against the contracts' TypeScript source, so no build is needed first.
    alias: [
      {
        find: /^@taleforge\/contracts$/,
        replacement: fromRoot('packages/contracts/src/index.ts'),
      },
      {
        find: /^@taleforge\/contracts\/(.+)$/,
        replacement: `${fromRoot('packages/contracts/src')}/$1.ts`,
      },
    ],
  },
  test: {
    projects,
    // Two cores: one worker per core; tests inside a file run in order, files in parallel.
    maxWorkers: 2,
    // One process per worker runs file after file (every project here: the web and studio
    // configs say the same): modules are loaded once per worker instead of once per file, seconds
    // of CPU each for the server's. Every integration file still builds its own app on its own
    // database; the server keeps no state in modules that outlives an app. The server's unit
    // tests alone: 56 -> 35 CPU s (docs/performance.md).
    isolate: false,
    passWithNoTests: true,
  },
});
