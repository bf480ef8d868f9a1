#!/usr/bin/env node
// `npm test`: `npm run check` (format, lint, engines, dependency rules, typecheck), the build,
// every Vitest project and the Playwright journeys, all side by side after the server's build (a
// few seconds; the integration tests spawn servers from it): Vitest starts once PostgreSQL,
// ffmpeg and Redis are there, the journeys once the build and Chromium are. Each step's wall time
// and CPU seconds are printed (scripts/step-cpu.mjs), then one line of totals read from the
// runners' JSON reports:
//
//   N passed, N failed[, N skipped]
//
// Exits non-zero when the check found anything, a test failed, a runner crashed or left no report,
// or nothing ran at all. The check counts as one test (passed or failed); a runner that crashed
// counts as one failure, so the last line never reads "0 failed" then.
//
// Developers can run a part: `npm test -- --only unit` (contracts, scripts, server unit, web),
// `--only server` (server unit + integration on PGlite and PostgreSQL), `--only integration`,
// `--only e2e`, `--only check`, or a comma list (`--only unit,e2e`); a part runs without the check.
// `--no-build` skips the build step.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgres, stopPostgres } from './ensure-postgres.mjs';
import { ensureNodeVersion } from './node-version.mjs';
import { costliest, readSeconds, readStepCpu, withCpuRecord } from './step-cpu.mjs';
import { countPlaywright, countVitest } from './test-reports.mjs';

ensureNodeVersion();

const root = fileURLToPath(new URL('..', import.meta.url));
const reportsDir = join(root, '.reports');
/** The summary names this many failed tests per runner at most. */
const MAX_FAILURES_NAMED = 20;
const require = createRequire(join(root, 'package.json'));

const GROUPS = {
  check: { projects: [], e2e: false, check: true },
  unit: {
    projects: ['contracts', 'browser', 'scripts', 'server-unit', 'web', 'studio'],
    e2e: false,
  },
  server: { projects: ['server-unit', 'server-pglite', 'server-postgres'], e2e: false },
  integration: { projects: ['server-pglite', 'server-postgres'], e2e: false },
  e2e: { projects: [], e2e: true },
};

function parseArgs(argv) {
  let only = null;
  let build = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') build = false;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      only = (value ?? '').split(',').filter(Boolean);
      const unknown = only.filter((name) => !(name in GROUPS));
      if (unknown.length || !only.length) usage(`unknown --only value: ${value}`);
    } else usage(`unknown argument: ${arg}`);
  }
  if (!only) return { check: true, build, projects: null, e2e: true };
  const projects = [...new Set(only.flatMap((name) => GROUPS[name].projects))];
  const e2e = only.some((name) => GROUPS[name].e2e);
  const check = only.some((name) => GROUPS[name].check);
  // The build only feeds the journeys (they run the built server and web app).
  return { check, build: build && e2e, projects, e2e };
}

function usage(problem) {
  console.error(
    `${problem}\nusage: npm test -- [--only check|unit|server|integration|e2e[,…]] [--no-build]`,
  );
  process.exit(2);
}

const heading = (text) => console.log(`\n\x1b[1m━━ ${text}\x1b[0m`);

/** Runs a command with the terminal shared, resolving to its exit code (or a signal name). */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => resolve(error.message));
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });
}

/** Like run, for a step that runs alongside another: its output is kept and shown when it ends. */
function runAside(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (result) => {
      heading(label);
      process.stdout.write(Buffer.concat(output));
      resolve(result);
    };
    child.on('error', (error) => done(error.message));
    child.on('close', (code, signal) => done(signal ?? code));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const results = [];
/** Step → seconds, in the order the steps started (steps may overlap). */
const timings = new Map();
/** Step → the file its CPU seconds are written to when it ends (scripts/step-cpu.mjs). */
const cpuFiles = new Map();
/** Set when this run started PostgreSQL (not when it reused one), so only then do we stop it. */
let ownPostgres = false;

/** A step that could not run or report counts as one failure, with its reason. */
const broken = (name, problem) => results.push({ name, passed: 0, failed: 1, skipped: 0, problem });

/** Records a runner's counts from its JSON report. */
function record(name, exitCode, reportFile, count) {
  const report = readJson(reportFile);
  if (!report) {
    broken(name, `no report (exit ${exitCode})`);
    return;
  }
  const counts = count(report);
  const problem =
    exitCode !== 0 && counts.failed === 0
      ? `exited with ${exitCode} but reported no failure`
      : null;
  results.push({ name, ...counts, failed: counts.failed + (problem ? 1 : 0), problem });
}

/** Where the journeys' workers add up their browsers' CPU. */
const browserCpuFile = join(reportsDir, 'cpu-chromium.txt');
/** Where each journey adds its browser's CPU, with its name. */
const journeyCpuFile = join(reportsDir, 'cpu-chromium-by-journey.tsv');
async function timed(label, step) {
  const started = Date.now();
  timings.set(label, null);
  try {
    return await step();
  } finally {
    timings.set(label, (Date.now() - started) / 1000);
  }
}

/**
 * Runs one of the steps the summary reports: timed, its processes' CPU recorded under its label,
 * and, given an `aside` heading, with its output kept and shown under it when it ends.
 */
function runStep(label, command, args, { env = {}, aside = null } = {}) {
  const file = join(reportsDir, `cpu-${label.replace(/\W+/g, '-')}.txt`);
  cpuFiles.set(label, file);
  const counted = withCpuRecord(command, args, file);
  return timed(label, () =>
    aside
      ? runAside(aside, counted.command, counted.args, env)
      : run(counted.command, counted.args, env),
  );
}

/** Playwright over the built app; beside Vitest its output is kept and shown when it ends. */
async function runJourneys(besideVitest) {
  // The config gives the server a fresh data directory and deletes it afterwards.
  const file = join(reportsDir, 'playwright.json');
  const args = [require.resolve('@playwright/test/cli'), 'test', '-c', 'e2e/playwright.config.ts'];
  // Chromium's processes are not waited for, so the step's count misses them: each worker writes
  // its browser's CPU here (e2e/support/browser-cpu.ts).
  const env = {
    E2E_JSON_REPORT: file,
    E2E_BROWSER_CPU_FILE: browserCpuFile,
    E2E_BROWSER_CPU_BY_TEST: journeyCpuFile,
  };
  if (!besideVitest) heading('Playwright');
  const code = await runStep('playwright', process.execPath, args, {
    env,
    aside: besideVitest ? 'Playwright (ran beside Vitest)' : null,
  });
  record('playwright', code, file, countPlaywright);
}

/** One Vitest run over the chosen projects, its output streamed. */
async function runVitestProjects(options, postgres, needsPostgres) {
  heading('Vitest');
  const file = join(reportsDir, 'vitest.json');
  const filters = (options.projects ?? []).flatMap((name) => ['--project', name]);
  // Without PostgreSQL the postgres project cannot run; its failure is already recorded.
  if (needsPostgres && !postgres) filters.push('--project', '!server-postgres');
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const args = [vitest, 'run', '--reporter=default', '--reporter=json'];
  const code = await runStep(
    'vitest',
    process.execPath,
    [...args, `--outputFile.json=${file}`, ...filters],
    { env: { ...(postgres && { TEST_DATABASE_URL: postgres.url }) } },
  );
  record('vitest', code, file, (report) => countVitest(report, root));
}

/**
 * What the runners need of the machine, installed with apt when missing: one step at a time, as
 * apt allows one user. `forVitest` resolves to PostgreSQL (or null) before Chromium is looked
 * for, which only the journeys wait for.
 */
function prepareMachine({ needsPostgres, needsFfmpeg, needsChromium }) {
  const forVitest = (async () => {
    let postgres = null;
    if (needsPostgres) {
      try {
        postgres = await timed('postgres', () => ensurePostgres());
        ownPostgres = postgres.started;
        console.log(`TEST_DATABASE_URL=${postgres.url}${postgres.started ? '' : ' (reused)'}`);
      } catch (error) {
        console.error(error.message);
        broken('postgres', 'not started');
      }
    }
    if (needsFfmpeg) {
      // The video pipeline's tests make and transcode real videos with the system's ffmpeg.
      const code = await timed('ffmpeg', () =>
        run('bash', [join(root, 'scripts/ensure-ffmpeg.sh')]),
      );
      if (code !== 0) broken('ffmpeg', 'not installed: the video tests will fail');
      // Shared state across nodes is tested on real Redis servers the tests start themselves.
      const redis = await timed('redis', () =>
        run('bash', [join(root, 'scripts/ensure-redis.sh')]),
      );
      if (redis !== 0) broken('redis', 'not installed: the tests of several nodes will fail');
    }
    return postgres;
  })();
  const chromium = forVitest.then(
    async () =>
      !needsChromium || (await run('bash', [join(root, 'scripts/ensure-chromium.sh')])) === 0,
  );
  return { forVitest, chromium };
}

/** The summary lists the steps in this order, whenever each finished. */
const SUMMARY_ORDER = ['check', 'build', 'postgres', 'ffmpeg', 'redis', 'vitest', 'playwright'];

async function main() {
  const startedAt = Date.now();
  const options = parseArgs(process.argv.slice(2));
  const runVitest = options.projects === null || options.projects.length > 0;
  const needsPostgres =
    runVitest && (options.projects === null || options.projects.includes('server-postgres'));
  const needsFfmpeg =
    runVitest &&
    (options.projects === null || options.projects.some((name) => name.startsWith('server-')));
  rmSync(reportsDir, { recursive: true, force: true });
  mkdirSync(reportsDir, { recursive: true });

  // Nothing waits for the check: a finding fails the run, but the tests still run and report.
  // Vitest waits only for the machine's services, the journeys for the build and Chromium. The
  // check's tsc runs keep one core at a time busy; the tests fill the other from the start.
  const aside = [options.check, options.build, runVitest || options.e2e].filter(Boolean).length > 1;
  const machine = prepareMachine({ needsPostgres, needsFfmpeg, needsChromium: options.e2e });
  const checking = options.check
    ? runStep('check', 'npm', ['run', 'check'], {
        aside: aside ? 'check (ran beside the tests)' : null,
      }).then((code) => {
        if (code === 0) results.push({ name: 'check', passed: 1, failed: 0, skipped: 0 });
        else broken('check', `npm run check found problems (exit ${code})`);
      })
    : Promise.resolve();
  // The server's build before the tests and the rest of the build: the integration tests spawn
  // servers and CLIs from it, and the rest of the build then finds it current and leaves it alone.
  const spawnsServers =
    runVitest &&
    (options.projects === null ||
      options.projects.some((name) => name === 'server-pglite' || name === 'server-postgres'));
  if (spawnsServers || options.build) {
    const code = await runStep('server build', process.execPath, ['scripts/build.mjs', '--server']);
    if (code !== 0) broken('build', `the server's build: exit ${code}`);
  }
  const building = options.build
    ? runStep('build', 'npm', ['run', 'build'], {
        aside: aside ? 'build (ran beside the check and the tests)' : null,
      })
    : Promise.resolve(0);

  const journeys = options.e2e
    ? (async () => {
        const buildCode = await building;
        if (buildCode !== 0) {
          broken('build', `exit ${buildCode}`);
          return broken('playwright', 'not run: build failed');
        }
        if (!(await machine.chromium)) return broken('playwright', 'not run: no Chromium');
        await runJourneys(runVitest);
      })()
    : Promise.resolve();
  try {
    if (runVitest) await runVitestProjects(options, await machine.forVitest, needsPostgres);
  } finally {
    if (ownPostgres) stopPostgres();
    ownPostgres = false;
  }
  await Promise.all([journeys, checking, machine.chromium]);

  heading('summary');
  const rank = (name) => SUMMARY_ORDER.indexOf(name);
  for (const r of results.sort((a, b) => rank(a.name) - rank(b.name))) {
    const note = r.problem ? `  ← ${r.problem}` : '';
    console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${note}`);
    // Named again here: a log cut to its last lines still says which tests failed.
    for (const failure of (r.failures ?? []).slice(0, MAX_FAILURES_NAMED)) {
      console.log(`  ✗ ${failure}`);
    }
    if ((r.failures?.length ?? 0) > MAX_FAILURES_NAMED) {
      console.log(`  … and ${r.failures.length - MAX_FAILURES_NAMED} more`);
    }
  }
  const times = [...timings].map(([label, seconds]) => `${label} ${seconds.toFixed(1)} s`);
  const note = aside ? ' (the check, the build and the tests side by side)' : '';
  console.log(
    `time: ${times.join(', ')}${note}; whole run ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  const browser = readSeconds(browserCpuFile);
  const cpu = [...cpuFiles]
    .map(([label, file]) => [label, readStepCpu(file)])
    .filter(([, seconds]) => seconds !== null)
    .map(([label, seconds]) =>
      label === 'playwright' && browser !== null
        ? `playwright ${Math.round(seconds + browser)} s (Chromium ${Math.round(browser)} s)`
        : `${label} ${Math.round(seconds)} s`,
    );
  console.log(
    `cpu: ${cpu.join(', ')} (user + system of each step's processes; PostgreSQL's own not counted)`,
  );
  const costly = costliest(journeyCpuFile, 5);
  if (costly.length) console.log(`Chromium's costliest journeys: ${costly.join('; ')}`);
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const [passed, failed, skipped] = [total('passed'), total('failed'), total('skipped')];
  const nothingRan = passed + failed === 0;
  if (nothingRan) console.log('no test ran');
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed > 0 || nothingRan ? 1 : 0;
}

// Ctrl-C: the children get the signal too; stop our PostgreSQL before leaving.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (ownPostgres) stopPostgres();
    process.exit(130);
  });
}

if (!existsSync(join(root, 'node_modules'))) {
  console.error('node_modules is missing: run `npm install` (or `npm ci`) first');
  process.exit(1);
}
await main();
