// Builds the project when its sources changed since the last build; `npm start` and the CLIs
// call it so they never run stale code. `npm run build` (scripts/build.mjs) writes the stamp.
// The server's part (its contracts and itself) has a stamp of its own: the server's integration
// tests spawn servers and CLIs from that build (apps/server/test/support/server-process.ts), and
// their global setup makes it current first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const STAMP = 'apps/server/dist/.build-stamp';
const SERVER_STAMP = 'apps/server/dist/.server-build-stamp';
/** What the server's build is made from. */
const SERVER_SOURCES = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/tsconfig.build.json',
  'apps/server/src',
  'apps/server/tsconfig.build.json',
];
/** What the whole build is made from, and what the server reads beside it (its migrations). */
const SOURCES = [
  ...SERVER_SOURCES,
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/studio/src',
  'apps/studio/index.html',
  'apps/studio/vite.config.ts',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `stamp` is newer than every one of `sources` and every one of `outputs` is there. */
function isStampCurrent(root, stamp, sources, outputs) {
  const stampFile = join(root, stamp);
  const built = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  const changed = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  return changed <= built && outputs.every((output) => existsSync(join(root, output)));
}

/** True when the build stamp is newer than every source and both sites' builds are there. */
export function isBuildCurrent(root = repoRoot) {
  return isStampCurrent(root, STAMP, SOURCES, [
    'apps/web/dist/index.html',
    'apps/studio/dist/index.html',
  ]);
}

/** True when the server's stamp is newer than every source of the server and its contracts. */
export function isServerBuildCurrent(root = repoRoot) {
  return isStampCurrent(root, SERVER_STAMP, SERVER_SOURCES, [
    'apps/server/dist/main.js',
    'packages/contracts/dist/index.js',
  ]);
}

function writeStamp(file, startedAt, root) {
  const stamp = join(root, file);
  writeFileSync(stamp, startedAt.toISOString());
  utimesSync(stamp, startedAt, startedAt);
}

/** Marks the build as made from the sources as they were at `startedAt`. */
export function writeBuildStamp(startedAt, root = repoRoot) {
  writeStamp(STAMP, startedAt, root);
}

/**
 * `npm run build -w <workspace>`; throws when it fails.
 * @param {string} workspace
 * @param {import('node:child_process').StdioOptions} [stdio]
 */
export function buildWorkspace(workspace, stdio = 'inherit') {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio });
  if (result.status !== 0) throw new Error(`the build of ${workspace} failed (${result.status})`);
}

/**
 * Builds the contracts and the server unless their stamp is current.
 * @param {import('node:child_process').StdioOptions} [stdio]
 */
export function ensureServerBuild(stdio = 'inherit') {
  if (isServerBuildCurrent()) return;
  const startedAt = new Date();
  for (const workspace of ['@taleforge/contracts', '@taleforge/server']) {
    buildWorkspace(workspace, stdio);
  }
  writeStamp(SERVER_STAMP, startedAt, repoRoot);
}

export function ensureBuild() {
  if (isBuildCurrent()) return;
  console.error('Building Taleforge (sources changed since the last build)…');
  // Build output goes to stderr: a CLI's stdout stays only its own answer.
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
