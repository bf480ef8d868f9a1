import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migratedDataDir, testDriver } from './support/database.js';
import { killServers, spawnServer } from './support/server-process.js';

afterAll(killServers);

// The process-level behaviour is the same on both databases; run it once, on the embedded one.
describe.runIf(testDriver() === 'pglite')('server process', () => {
  it('starts on an existing data directory, logs JSON, and shuts down gracefully on SIGTERM', async () => {
    // Migrated already: a fresh one is the journeys' every start (e2e), and its initdb costs
    // seconds of CPU that made this test time out on a busy machine.
    const dataDir = await migratedDataDir();
    const first = await spawnServer({ DATA_DIR: dataDir });
    first.child.kill('SIGTERM');
    expect(await first.closed).toBe(0);

    const second = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
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
    const ready = JSON.parse(line);
    // No PUBLIC_URL: the address it gives out is the port it listens on.
    const site = `http://localhost:${new URL(second.base).port}`;
    expect(ready).toMatchObject({ level: 30, database: 'pglite', site });
    // Where a start's time went, phase by phase, for the restart bench and for whoever waits.
    for (const phase of ['modules', 'database', 'migrations', 'app', 'seed', 'listen', 'total']) {
      expect(ready.startup[phase]).toBeGreaterThanOrEqual(0);
    }
    expect(ready.startup.total).toBeGreaterThanOrEqual(ready.startup.modules);
    second.child.kill('SIGTERM');
    // The output is read to its end once the process has closed.
    expect(await second.closed).toBe(0);
    expect(second.output()).toContain('shutting down');
  }, 60_000);

  it('says in one sentence what to do when its port is taken', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const refused = await spawnServer({ PORT: String(port) }, { mayExit: true });
      expect(await refused.closed).toBe(1);
      expect(refused.output()).toContain(`Port ${port} is already in use`);
      expect(refused.output()).toContain('PORT=8090 STUDIO_PORT=8091 npm start');
      expect(refused.output()).not.toContain('    at ');
    } finally {
      holder.close();
    }
  }, 30_000);

  it('refuses to start on invalid configuration and says why', async () => {
    const refused = await spawnServer({ PORT: 'not-a-port' }, { mayExit: true });
    expect(await refused.closed).toBe(1);
    expect(refused.output()).toContain('PORT');
  }, 30_000);
});
