import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPlaywright, countVitest } from './test-reports.mjs';

// The summary reads the runners' real reports: each runner runs here on a fixture of its own with
// one test passing, one failing and one skipped, and writes the JSON that `npm test` reads.
const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const run = promisify(execFile);
const playwrightCli = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'test-reports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a runner that is expected to fail (a test fails) and returns its JSON report. */
async function reportOf(args, file) {
  await run(process.execPath, args, { cwd: dir, env: { ...process.env, CI: '' } }).catch(
    (error) => {
      if (error.code !== 1) throw error;
    },
  );
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

describe('the test summary', () => {
  it("names Vitest's failed tests by file and full name", async () => {
    await writeFile(
      join(dir, 'fixture.test.mjs'),
      `import { describe, expect, it } from 'vitest';
describe('a group', () => {
  it('holds', () => expect(1).toBe(1));
  it('breaks', () => expect(1).toBe(2));
  it.skip('waits', () => {});
});`,
    );
    // A file whose tests pass but whose hook throws still fails, once, named with its message.
    await writeFile(
      join(dir, 'hook.test.mjs'),
      `import { afterAll, expect, it } from 'vitest';
afterAll(() => { throw new Error('the database was closed under us'); });
it('holds too', () => expect(1).toBe(1));`,
    );
    await writeFile(join(dir, 'vitest.config.mjs'), 'export default {};\n');
    const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
    const report = await reportOf(
      [vitest, 'run', '--root', dir, '--reporter=json', '--outputFile=vitest.json'],
      'vitest.json',
    );
    const counts = countVitest(report, dir);
    expect(counts).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(counts.failures.sort()).toEqual([
      'fixture.test.mjs › a group breaks',
      expect.stringMatching(/^hook\.test\.mjs: .*the database was closed under us/),
    ]);
  }, 60_000);

  it("names Playwright's failed tests by file, line and title", async () => {
    await writeFile(
      join(dir, 'fixture.spec.mjs'),
      // From this project's own install: the fixture lies outside it.
      `import { expect, test } from '${pathToFileURL(join(dirname(require.resolve('@playwright/test/package.json')), 'index.mjs'))}';
test('holds', () => expect(1).toBe(1));
test('breaks', () => expect(1).toBe(2));
test.skip('waits', () => {});
`,
    );
    await writeFile(
      join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', testMatch: '*.spec.mjs', retries: 0,
  reporter: [['json', { outputFile: 'playwright.json' }]] };\n`,
    );
    const report = await reportOf(
      [playwrightCli, 'test', '-c', 'playwright.config.mjs'],
      'playwright.json',
    );
    expect(countPlaywright(report)).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      failures: ['fixture.spec.mjs:3 › breaks'],
    });
  }, 60_000);

  it("names an error outside Playwright's tests (a spec that does not load)", async () => {
    await writeFile(join(dir, 'broken.spec.mjs'), "throw new Error('no such fixture');\n");
    const report = await reportOf(
      [playwrightCli, 'test', '-c', 'playwright.config.mjs'],
      'playwright.json',
    );
    const counts = countPlaywright(report);
    expect(counts.failed).toBeGreaterThan(0);
    expect(counts.failures).toContainEqual(expect.stringMatching(/no such fixture/));
  }, 60_000);
});
