import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Who holds an embedded database. A pid alone is not enough: after a crash and a restart (a
 * container's server is pid 1 every time) the same pid belongs to another process, so the lock
 * also records the boot and the process's start time where the system tells them (Linux /proc).
 */
export interface LockOwner {
  pid: number;
  command: string;
  bootId: string | null;
  startTicks: string | null;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} (${owner.command}), ` +
        `since ${owner.since}. One process at a time may open it: stop that process first, or use ` +
        'DATABASE_URL (PostgreSQL) to run several servers. The invites CLI reaches a running server ' +
        'by itself.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  owner: LockOwner;
  release(): Promise<void>;
}

const LOCK_FILE = 'pglite.lock';

export const lockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

function readOr(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTicks(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    command: process.argv.map((a) => path.basename(a)).join(' '),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    since: new Date().toISOString(),
  };
}

/** Whether the process that wrote `owner` still runs: the same pid, boot and start time. */
export function isAlive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !pidExists(owner.pid)) return false;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  const ticks = startTicks(owner.pid);
  if (owner.startTicks && ticks && owner.startTicks !== ticks) return false;
  return true;
}

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

/** The live process holding the embedded database in `dataDir`, if any. */
export function liveOwner(dataDir: string): LockOwner | null {
  const owner = parseOwner(readOr(lockPath(dataDir)));
  return owner && isAlive(owner) ? owner : null;
}

/**
 * Creates `file` with `content`, or fails with EEXIST, atomically: the content is written to a
 * file of our own first and then linked into place, so a reader never sees a half-written lock.
 */
async function createExclusive(file: string, content: string): Promise<void> {
  const own = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(own, content, { mode: 0o600 });
  try {
    await link(own, file);
  } finally {
    await unlink(own).catch(() => {});
  }
}

async function removeIfUnchanged(file: string, seen: string | null): Promise<void> {
  if (readOr(file) === seen) await unlink(file).catch(() => {});
}

/**
 * Takes the embedded database in `dataDir` for this process, or throws DataDirLockedError naming
 * the live process that holds it. A lock left by a process that is gone is taken over; two
 * processes taking over the same stale lock at once are put in line by a second lock file, so
 * exactly one of them wins and the other sees the winner alive.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const guard = `${file}.takeover`;
  const owner = currentOwner();
  const content = JSON.stringify(owner);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await createExclusive(file, content);
      return held(file, owner, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readOr(file);
    const holder = parseOwner(seen);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    // The lock is stale (or vanished meanwhile): remove it under the takeover guard.
    try {
      await createExclusive(guard, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const taking = readOr(guard);
      const taker = parseOwner(taking);
      if (!taker || !isAlive(taker)) await removeIfUnchanged(guard, taking);
      await sleep(20);
      continue;
    }
    try {
      await removeIfUnchanged(file, seen);
    } finally {
      await unlink(guard).catch(() => {});
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/** Locks this process holds (file → content), let go of when it exits without closing. */
const holding = new Map<string, string>();
let exitHookInstalled = false;

function releaseAllOnExit(): void {
  for (const [file, content] of holding) if (readOr(file) === content) unlinkSync(file);
}

function held(file: string, owner: LockOwner, content: string): DataDirLock {
  // A process that ends without closing (an uncaught error, process.exit) still lets go.
  if (!exitHookInstalled) {
    process.on('exit', releaseAllOnExit);
    exitHookInstalled = true;
  }
  holding.set(file, content);
  return {
    owner,
    async release() {
      if (holding.get(file) !== content) return;
      holding.delete(file);
      await removeIfUnchanged(file, content);
    },
  };
}
