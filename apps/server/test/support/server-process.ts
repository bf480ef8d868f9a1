// The server in a process of its own, as `npm start` runs it (or another entry, such as
// support/wallet-server.ts): for the tests of what only a process shows — start-up, shutdown,
// SIGKILL, the data directory's one owner. Tests that need a server and nothing more use
// startTestServer (support/server.ts), in the test's own process.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * V8 runs the embedded database's WebAssembly with its baseline compiler only. A spawned process
 * lives seconds, and optimising PostgreSQL's hot functions in the background cost it more than it
 * saved: a server on a migrated data directory, start to /health to a clean stop, 8.7-9.5 CPU s
 * with the optimising tier, 6.6-7.9 without (docs/performance.md). Products keep V8's default.
 */
const SHORT_LIVED = ['--liftoff-only'];

/**
 * Node's arguments to run an entry point of apps/server (e.g. `src/cli/media.ts`) as `npm start`
 * and the CLIs run it: from the build, which the global setup makes current first (loading it costs
 * half the CPU of loading the sources through tsx). A test's own entry (`test/support/…`) runs
 * from its source.
 */
export function entryArgs(entry: string): string[] {
  if (entry.startsWith('src/')) {
    return [
      ...SHORT_LIVED,
      path.join(serverDir, 'dist', entry.slice('src/'.length).replace(/\.ts$/, '.js')),
    ];
  }
  const source = ['--conditions=taleforge-source', '--import', 'tsx'];
  return [...SHORT_LIVED, ...source, path.join(serverDir, entry)];
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/taleforge */
  base: string;
  /** The exit code, once the process has gone and its output has been read to the end. */
  closed: Promise<number | null>;
  /** Its stdout and stderr so far. */
  output(): string;
}

export interface SpawnOptions {
  /** The entry point, from apps/server; src/main.ts by default. */
  entry?: string;
  /** Resolve when the process exits before it answers (a refusal under test) instead of failing. */
  mayExit?: boolean;
}

/** A loopback port nothing listens on now (for a server a test starts on it next). */
export async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  return port;
}

const running = new Set<ChildProcess>();

/**
 * Kills what the tests left running: each file that spawns calls `afterAll(killServers)`. Not a
 * hook of this module's own, which would be registered for the first file of a worker only.
 */
export function killServers() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Spawns the server on a free port; resolves once it answers /health (or has exited, if allowed). */
export async function spawnServer(
  env: Record<string, string>,
  { entry = 'src/main.ts', mayExit = false }: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, entryArgs(entry), {
    cwd: serverDir,
    // No studio listener unless a test asks for one: 8081 may be taken by another run.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STUDIO_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // Listened for from the start: a refused server may be gone before anyone waits for it.
  const closed = once(child, 'close').then(([code]) => {
    running.delete(child);
    return code as number | null;
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}/taleforge`;
  const server = () => ({
    child,
    base,
    closed,
    output: () => output,
  });
  for (;;) {
    if (child.exitCode !== null) {
      if (mayExit) return server();
      throw new Error(`server exited with ${child.exitCode}: ${output}`);
    }
    const answered = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return server();
    // Polled: a process starting on a busy machine may take seconds or a fraction of one.
    await new Promise((r) => setTimeout(r, 50));
  }
}
