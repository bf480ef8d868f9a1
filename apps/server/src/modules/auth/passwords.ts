import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * The threads that hash passwords: one per core, each hashing one password at a time, at a lower
 * scheduling priority than the event loop. Each hash walks 19 MiB of memory for ~15 ms: more at
 * once than cores only fight over the caches, and a hashing thread that preempts the event loop
 * delays every other request and leaves it running on cold caches (docs/decisions/0018).
 * Started on first use, so processes that never hash never start them.
 */
let pool: Piscina | undefined;

function hashing(): Piscina {
  if (!pool) {
    const threads = availableParallelism();
    pool = new Piscina({
      filename: new URL('./password-worker.js', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      niceIncrement: 10,
    });
  }
  return pool;
}

export function hashPassword(password: string): Promise<string> {
  return hashing().run(password, { name: 'hash' });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email, social-only account) it still runs one
 * verification against a throwaway hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored) return check(stored, password);
  dummyHash ??= hashPassword('taleforge-timing-equaliser');
  await check(await dummyHash, password);
  return false;
}

function check(stored: string, password: string): Promise<boolean> {
  return hashing()
    .run({ stored, password }, { name: 'verify' })
    .catch(() => false);
}
