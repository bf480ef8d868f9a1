import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  currentOwner,
  DataDirLockedError,
  type LockOwner,
  liveOwner,
  lockPath,
} from './data-dir-lock.js';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'tf-lock-'));

/** The pid of a process that has ended: nobody holds what it locked. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

const writeLock = (dir: string, owner: Partial<LockOwner>) =>
  writeFile(lockPath(dir), JSON.stringify({ ...currentOwner(), ...owner }));

async function refusal(dir: string): Promise<DataDirLockedError> {
  const error = await acquireDataDirLock(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DataDirLockedError);
  return error as DataDirLockedError;
}

describe('the embedded database lock', () => {
  it('admits one holder, names it to the next, and is free again once released', async () => {
    const dir = await tempDir();
    const lock = await acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(liveOwner(dir)?.pid).toBe(process.pid);

    const error = await refusal(dir);
    expect(error.message).toContain(`in use by process ${process.pid} (`);
    expect(error.message).toContain(path.basename(process.argv[1]!));

    await lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
    expect(liveOwner(dir)).toBeNull();
    await (await acquireDataDirLock(dir)).release();
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', async () => {
    const dir = await tempDir();
    await writeLock(dir, { pid: await deadPid() });
    await (await acquireDataDirLock(dir)).release();

    // Our own pid, but another start: the process that wrote it was an earlier one.
    await writeLock(dir, { startTicks: '1' });
    expect(liveOwner(dir)).toBeNull();
    await (await acquireDataDirLock(dir)).release();

    await writeLock(dir, { bootId: 'another-boot' });
    await (await acquireDataDirLock(dir)).release();

    await writeFile(lockPath(dir), 'not a lock');
    const lock = await acquireDataDirLock(dir);
    expect(lock.owner.pid).toBe(process.pid);
    await lock.release();
  });

  it('lets exactly one of many at once take over a stale lock', async () => {
    const dir = await tempDir();
    await writeLock(dir, { pid: await deadPid() });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => acquireDataDirLock(dir)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
    }
    await (
      won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireDataDirLock>>>
    ).value.release();
  });
});
