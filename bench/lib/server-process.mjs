// Starts a server as a child process and waits until it answers, so the benchmark measures it
// from outside like a client would.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every Linux we run on. */
const CLOCK_TICKS = 100;

export async function freePort() {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  srv.close();
  return port;
}

/**
 * CPU seconds (user + system) a process has used, from /proc: all its threads, or with
 * `mainThread` only the thread that runs JavaScript (and PGlite). Null off Linux.
 */
export function processCpuSeconds(pid, mainThread = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/${mainThread ? `task/${pid}/` : ''}stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at index 2: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The V8 flags `npm start` runs the server with (package.json): a young generation large enough
 * that a busy server's short-lived objects die young instead of being copied and promoted, which
 * made the collector's pauses the longest waits a chat message saw (docs/performance.md). The
 * benchmarks run every process of theirs with them, load generators included: a generator's own
 * pauses would otherwise be counted as the server's latency.
 */
export const NODE_FLAGS = ['--max-semi-space-size=64'];

/** `BENCH_PROFILE=<dir>`: the server under test writes a V8 CPU profile there. */
export const profileArgs = () =>
  process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

export async function startProcess({
  args,
  env = {},
  cwd,
  readyUrl,
  timeoutMs = 60_000,
  profile = false,
}) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, ...(profile ? profileArgs() : []), ...args],
    {
      cwd,
      // No studio listener unless a bench asks: its default port may be taken by another run.
      env: { ...process.env, STUDIO_PORT: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${stderr}`);
    if (performance.now() - started > timeoutMs) throw new Error(`${readyUrl} not ready`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    readyMs,
    /** CPU seconds the server has used so far (user + system, all threads); null off Linux. */
    cpuSeconds: (mainThread = false) => processCpuSeconds(child.pid, mainThread),
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/**
 * The built server (`npm run build`) on a fresh data directory of its own, on PGlite: what
 * `npm start` serves, for the benchmarks that load pages in Chromium. `stop()` also removes it.
 */
export async function startBuiltServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-built-'));
  const port = await freePort();
  const server = await startProcess({
    args: ['apps/server/dist/main.js'],
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/taleforge/health`,
  });
  return {
    ...server,
    origin: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU seconds the PostgreSQL backends serving `databaseUrl`'s database have used so far (their
 * processes live on this machine in every run we make); 0 without a URL (PGlite runs inside the
 * server's main thread and is counted there).
 */
export async function databaseCpuSeconds(databaseUrl) {
  if (!databaseUrl) return 0;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, { pid }) => sum + (processCpuSeconds(pid) ?? 0), 0);
  } finally {
    await client.end();
  }
}
