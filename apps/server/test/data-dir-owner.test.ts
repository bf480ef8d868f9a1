import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFile } from '../src/platform/admin-channel.js';
import { openDatabase } from '../src/platform/db/client.js';
import { lockPath } from '../src/platform/db/data-dir-lock.js';
import { inviteCodes, users } from '../src/platform/db/schema/index.js';
import { migratedDataDir, testDriver } from './support/database.js';
import { buildSession } from './support/factories.js';
import { api, serverAt } from './support/http.js';
import { entryArgs, killServers, spawnServer } from './support/server-process.js';

afterAll(killServers);

/** The server as `npm start` runs it, in a process of its own. */
const startServer = (dataDir: string) =>
  spawnServer(
    {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      SESSION_CACHE_MS: '0',
    },
    { mayExit: true },
  );

async function invites(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...entryArgs('src/cli/invites.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** An address of this machine that is not loopback, if it has one. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

// Only the embedded database has an owner; on PostgreSQL the CLI goes to the database as before
// (accounts-outbox-cli.test.ts runs it on both). Real processes on a shared machine start slowly:
// one server serves the whole file, in the order below.
describe.runIf(testDriver() === 'pglite')('the embedded database has one owner', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let helper: Awaited<ReturnType<typeof buildSession>>;
  let codes: string[];

  beforeAll(async () => {
    dataDir = await migratedDataDir();
    const before = await openDatabase({ dataDir });
    helper = await buildSession(before.db);
    await before.close();
    server = await startServer(dataDir);
    expect(server.child.exitCode).toBeNull();
  }, 180_000);

  it('a second server on the same DATA_DIR refuses and names the first', async () => {
    const second = await startServer(dataDir);
    expect(await second.closed).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is in use by process ${server.child.pid} (`,
    );
    expect(second.output()).toContain('(node main.js)');
    // The refused process left the owner's lock alone, and the owner serves on.
    expect(JSON.parse(await readFile(lockPath(dataDir), 'utf8')).pid).toBe(server.child.pid);
    expect((await fetch(`${server.base}/health`)).ok).toBe(true);
  }, 120_000);

  it('the invites CLI creates, lists and grants through the running server', async () => {
    const created = await invites(
      dataDir,
      'create',
      '--count',
      '2',
      '--uses',
      '3',
      '--note',
      'desk',
    );
    expect(created).toMatchObject({ code: 0 });
    codes = created.stdout.trim().split('\n');
    expect(codes).toHaveLength(2);
    expect(created.stderr).toContain('2 code(s), 3 use(s) each');

    const listed = await invites(dataDir, 'list');
    expect(listed.code).toBe(0);
    for (const c of codes) {
      expect(listed.stdout).toMatch(new RegExp(`^${c}\\s+0/3\\s+-\\s+desk$`, 'm'));
    }

    const email = helper.user.email!.toUpperCase();
    expect(await invites(dataDir, 'grant-admin', '--email', email)).toMatchObject({
      code: 0,
      stdout: `${email} is now an admin\n`,
    });
    const missing = await invites(dataDir, 'grant-admin', '--email', 'nobody@example.com');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No account with the email nobody@example.com');

    // The running server sees it all: the new admin may list the new codes through its API.
    const listedByServer = await api(serverAt(server.base), CALLS.inviteList, {
      token: helper.token,
      query: { page_size: 50 },
    });
    expect(listedByServer.status).toBe(200);
    const codesSeen = listedByServer.data!.list.map((c) => c.code);
    for (const c of codes) expect(codesSeen).toContain(c);
  }, 120_000);

  it('the admin channel wants the key, checks the command, and listens on loopback only', async () => {
    const file = channelFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { port, key } = JSON.parse(await readFile(file, 'utf8')) as { port: number; key: string };
    const send = (headers: Record<string, string>, body: unknown, host = '127.0.0.1') =>
      fetch(`http://${host}:${port}/command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const list = { command: 'list', limit: 5 };

    expect((await send({}, list)).status).toBe(401);
    expect((await send({ authorization: `Bearer ${key.slice(1)}x` }, list)).status).toBe(401);
    expect((await send({ authorization: 'Bearer ' }, list)).status).toBe(401);
    const ok = await send({ authorization: `Bearer ${key}` }, list);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ code: 0 });

    const tooMany = { command: 'create', count: 10_000, uses: 1, expiresAt: null, note: null };
    expect((await send({ authorization: `Bearer ${key}` }, tooMany)).status).toBe(400);

    if (outside) {
      await expect(send({ authorization: `Bearer ${key}` }, list, outside)).rejects.toThrow();
    }
    expect(server.output()).not.toContain(key);
  }, 60_000);

  it('a lock left by a killed server is taken over; a stopped one leaves no lock and no key', async () => {
    server.child.kill('SIGKILL');
    await server.closed;
    const next = await startServer(dataDir);
    expect(next.child.exitCode).toBeNull();
    expect(JSON.parse(await readFile(lockPath(dataDir), 'utf8')).pid).toBe(next.child.pid);
    next.child.kill('SIGTERM');
    expect(await next.closed).toBe(0);
    expect(existsSync(lockPath(dataDir))).toBe(false);
    expect(existsSync(channelFile(dataDir))).toBe(false);

    // What the CLI did through the server is in the database.
    const after = await openDatabase({ dataDir });
    try {
      const [row] = await after.db.select().from(users).where(eq(users.id, helper.user.id));
      expect(row!.role).toBe('admin');
      expect((await after.db.select().from(inviteCodes)).map((r) => r.code).sort()).toEqual(
        [...codes].sort(),
      );
    } finally {
      await after.close();
    }
  }, 180_000);
});
