#!/usr/bin/env node
// A throwaway PostgreSQL for the test suite: Debian's server, a cluster in a temp dir, loopback
// only, fsync off. Installs the server with apt when no binaries are found, so a fresh CI machine
// works. A cluster this script started is reused while it runs (state file under os.tmpdir()).
//
//   node scripts/ensure-postgres.mjs          start (or reuse), print `export DATABASE_URL=…`
//   node scripts/ensure-postgres.mjs --url    same, print only the URL
//   node scripts/ensure-postgres.mjs stop     stop the cluster and delete its files
//
// From code: `const { url, started } = await ensurePostgres(); … await stopPostgres();`
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_DATABASE_NAME = 'taleforge_test';
const PREFERRED_PORT = 54329;
const STATE_FILE = join(tmpdir(), 'taleforge-test-postgres.json');
const PG_ROOT = '/usr/lib/postgresql';
const isRoot = process.getuid?.() === 0;

const log = (message) => process.stderr.write(`[postgres] ${message}\n`);

function findBinDir() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

function installServer() {
  if (!isRoot)
    throw new Error('PostgreSQL is not installed and this is not root: apt-get install postgresql');
  log('server binaries not found, installing Debian postgresql with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    execFileSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', 'postgresql']);
}

/** Runs a PostgreSQL binary as the postgres user when we are root (the server refuses root). */
function runPg(binDir, tool, args, options = {}) {
  const file = join(binDir, tool);
  const [cmd, cmdArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
    : [file, args];
  const result = spawnSync(cmd, cmdArgs, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(
      `${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function pickPort() {
  for (let port = PREFERRED_PORT; port < PREFERRED_PORT + 50; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PREFERRED_PORT}…${PREFERRED_PORT + 49}`);
}

const urlFor = (port) => `postgres://postgres:postgres@127.0.0.1:${port}/${TEST_DATABASE_NAME}`;

function readState() {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

function isReady(binDir, port) {
  const args = ['-h', '127.0.0.1', '-p', String(port), '-d', TEST_DATABASE_NAME, '-U', 'postgres'];
  return spawnSync(join(binDir, 'pg_isready'), ['-q', ...args]).status === 0;
}

/**
 * Starts a test cluster, or reuses the one this script started earlier.
 * @returns {Promise<{ url: string, port: number, started: boolean }>} started: false when reused
 */
export async function ensurePostgres() {
  let binDir = findBinDir();
  if (!binDir) {
    installServer();
    binDir = findBinDir();
    if (!binDir) throw new Error(`apt-get installed postgresql but no initdb under ${PG_ROOT}`);
  }

  const state = readState();
  if (state && existsSync(state.dataDir) && isReady(binDir, state.port)) {
    return { url: state.url, port: state.port, started: false };
  }
  if (state) stopPostgres(); // stale: a dead or half-started cluster

  // As root the cluster belongs to postgres, which must reach it: /tmp, not a private TMPDIR.
  const baseDir = mkdtempSync(join(isRoot ? '/tmp' : tmpdir(), 'taleforge-pg-'));
  const dataDir = join(baseDir, 'data');
  mkdirSync(dataDir);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', baseDir]);
  const port = await pickPort();
  const url = urlFor(port);
  // Written before starting so a crash half-way is still cleaned up by the next run or by stop.
  writeFileSync(STATE_FILE, JSON.stringify({ baseDir, dataDir, port, url, binDir }));

  const started = Date.now();
  runPg(binDir, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-c port=${port}`,
    `-c unix_socket_directories=${baseDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  runPg(binDir, 'pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(baseDir, 'server.log'),
    '-o',
    serverOptions,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  runPg(binDir, 'createdb', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    TEST_DATABASE_NAME,
  ]);
  log(`PostgreSQL ready on 127.0.0.1:${port} in ${Date.now() - started} ms (${dataDir})`);
  return { url, port, started: true };
}

/** Stops the cluster this script started (if any) and deletes its files. */
export function stopPostgres() {
  const state = readState();
  if (!state) return;
  const binDir = state.binDir ?? findBinDir();
  if (binDir && existsSync(join(state.dataDir, 'postmaster.pid'))) {
    try {
      runPg(binDir, 'pg_ctl', ['-D', state.dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      log(`stop failed: ${error.message}`);
    }
  }
  rmSync(state.baseDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2] ?? 'start';
  if (command === 'stop') {
    stopPostgres();
    log('stopped');
  } else if (command === 'start' || command === '--url') {
    const { url } = await ensurePostgres();
    process.stdout.write(command === '--url' ? `${url}\n` : `export DATABASE_URL=${url}\n`);
  } else {
    process.stderr.write('usage: ensure-postgres.mjs [start|--url|stop]\n');
    process.exit(2);
  }
}
