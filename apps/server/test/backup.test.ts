import { execFile } from 'node:child_process';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sendAdminCommand } from '../src/platform/admin-channel.js';
import { openDatabase } from '../src/platform/db/client.js';
import { inviteCodes } from '../src/platform/db/schema/index.js';
import { migratedDataDir, tempDir, testDriver } from './support/database.js';
import { entryArgs, killServers, spawnServer } from './support/server-process.js';

// `npm run backup`, run as an operator runs it, beside a running server and without one.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
afterAll(killServers);

function backup(dataDir: string, args: string[]) {
  return promisify(execFile)(process.execPath, [...entryArgs('src/cli/backup.ts'), ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** Invite codes made through the server's admin channel, as the invites CLI makes them. */
async function invite(dataDir: string, pid: number, note: string) {
  const command = { command: 'create', count: 1, uses: 1, expiresAt: null, note };
  return sendAdminCommand(dataDir, pid, command);
}

async function notesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir, url: undefined });
  try {
    const rows = await database.db.select({ note: inviteCodes.note }).from(inviteCodes);
    return rows.map((row) => row.note ?? '').sort();
  } finally {
    await database.close();
  }
}

// The embedded database's own backup; PostgreSQL's is pg_dump, which is not ours to test.
describe.runIf(testDriver() === 'pglite')('npm run backup (the embedded database)', () => {
  it('copies the database while the server runs, and restores it into a new DATA_DIR', {
    timeout: 180_000,
  }, async () => {
    const dataDir = await migratedDataDir();
    const server = await spawnServer({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
    });
    const pid = server.child.pid!;
    await invite(dataDir, pid, 'before');
    // Writes go on while the copy is taken: it holds each whole, or not at all.
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) await invite(dataDir, pid, `during-${++n}`);
      return n;
    })();
    const out = path.join(await tempDir(), 'live.tar.gz');
    const taken = await backup(dataDir, ['create', '--out', out]);
    writing = false;
    await writes;
    await invite(dataDir, pid, 'after');
    expect(taken).toMatchObject({ code: 0, stderr: '' });
    expect(taken.stdout).toMatch(/backup written to .*live\.tar\.gz \(\d+ bytes\)/);
    expect((await stat(out)).mode & 0o077).toBe(0);
    expect(await readdir(path.join(dataDir, 'backups'))).toEqual([]);

    // Refused: the running server's directory, an existing file.
    const intoLive = await backup(dataDir, ['restore', out]);
    expect(intoLive.code).toBe(1);
    expect(intoLive.stderr).toMatch(/in use by process/);
    expect((await backup(dataDir, ['create', '--out', out])).stderr).toMatch(/exists already/);

    server.child.kill('SIGTERM');
    expect(await server.closed).toBe(0);
    const all = await notesIn(dataDir);

    const restoredDir = await tempDir();
    const restored = await backup(restoredDir, ['restore', out]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const notes = await notesIn(restoredDir);
    expect(notes).toContain('before');
    expect(notes).not.toContain('after');
    // A prefix of what the server wrote, without a gap: the copy stood between two writes.
    const during = notes.filter((note) => note.startsWith('during-')).length;
    expect(during).toBeGreaterThan(0);
    expect(notes.filter((note) => note.startsWith('during-')).sort()).toEqual(
      Array.from({ length: during }, (_, i) => `during-${i + 1}`).sort(),
    );
    expect(all).toEqual(expect.arrayContaining(notes));

    const again = await backup(restoredDir, ['restore', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database.*Nothing was written/);
    expect(await notesIn(restoredDir)).toEqual(notes);

    // With the server stopped the CLI takes the copy itself; a server starts on the restore.
    const cold = path.join(await tempDir(), 'cold.tar.gz');
    expect((await backup(dataDir, ['create', '--out', cold])).code).toBe(0);
    const coldDir = await tempDir();
    expect((await backup(coldDir, ['restore', cold])).code).toBe(0);
    const onRestore = await spawnServer({
      DATABASE_URL: '',
      DATA_DIR: coldDir,
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
    });
    const made = (await invite(coldDir, onRestore.child.pid!, 'on-restore')) as { code: number };
    expect(made.code).toBe(0);
    onRestore.child.kill('SIGTERM');
    expect(await onRestore.closed).toBe(0);
    expect(await notesIn(coldDir)).toEqual([...all, 'on-restore'].sort());

    const broken = path.join(await tempDir(), 'broken.tar.gz');
    await writeFile(broken, 'not an archive');
    const brokenDir = await tempDir();
    const refused = await backup(brokenDir, ['restore', broken]);
    expect(refused.code).toBe(1);
    expect(await readdir(brokenDir)).not.toContain('pglite');
  });
});
