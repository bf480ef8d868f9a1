import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migratedDataDir, testDriver } from './support/database.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  return port;
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
});

async function start(env: Record<string, string>) {
  const port = await freePort();
  const started = Date.now();
  child = spawn(
    process.execPath,
    ['--conditions=taleforge-source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/taleforge/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { port, readyMs: Date.now() - started, output: () => output };
}

// The process-level behaviour is the same on both databases; run it once, on the embedded one.
describe.runIf(testDriver() === 'pglite')('server process', () => {
  it('starts on an existing data directory, logs JSON, and shuts down gracefully on SIGTERM', async () => {
    // Migrated already: a fresh one is the journeys' every start (e2e), and its initdb costs
    // seconds of CPU that made this test time out on a busy machine.
    const dataDir = await migratedDataDir();
    await start({ DATA_DIR: dataDir });
    child!.kill('SIGTERM');
    const [code] = await once(child!, 'exit');
    expect(code).toBe(0);

    const second = await start({ DATA_DIR: dataDir });
    expect(second.readyMs).toBeLessThan(15_000);
    // The log is written asynchronously: the line may reach the pipe after the first answer.
    const line = await vi.waitFor(
      () => {
        const ready = second
          .output()
          .split('\n')
          .find((l) => l.includes('Taleforge is ready'));
        if (!ready) throw new Error('no ready line yet');
        return ready;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(JSON.parse(line)).toMatchObject({ level: 30, database: 'pglite' });
    child!.kill('SIGTERM');
    // 'close', not 'exit': the output is read to its end only once the pipes have closed.
    expect((await once(child!, 'close'))[0]).toBe(0);
    expect(second.output()).toContain('shutting down');
  }, 60_000);

  it('refuses to start on invalid configuration and says why', async () => {
    const proc = spawn(
      process.execPath,
      ['--conditions=taleforge-source', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverDir,
        env: { ...process.env, PORT: 'not-a-port' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    proc.stderr.on('data', (d) => (err += d));
    const [code] = await once(proc, 'exit');
    expect(code).toBe(1);
    expect(err).toContain('PORT');
  }, 30_000);
});
