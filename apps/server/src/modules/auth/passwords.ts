import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** What our hashes look like; anything else stored is no password at all. */
const ARGON2_HASH = /^\$argon2(?:id|i|d)\$/;

/** How far below the event loop's priority the hashing threads run (a nice increment). */
export const HASHING_NICE_INCREMENT = 10;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /**
   * True or false for the password; rejects when the hashing threads fail, which says nothing
   * about the password: callers answer a server error the client may retry, and never count it
   * as a wrong password.
   */
  verify(stored: string | null, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The threads that hash passwords: one per core, each hashing one password at a time, at a lower
 * scheduling priority than the event loop. Each hash walks 19 MiB of memory for ~15 ms: more at
 * once than cores only fight over the caches, and a hashing thread that preempts the event loop
 * delays every other request and leaves it running on cold caches (docs/decisions/0018).
 * Started on first use, so processes that never hash never start them.
 */
export function createPasswordHashing(): PasswordHashing {
  let pool: Piscina | undefined;
  let closed = false;
  let dummyHash: Promise<string> | undefined;

  function hashing(): Piscina {
    if (closed) throw new Error('the password hashing threads are closed');
    if (!pool) {
      const threads = availableParallelism();
      pool = new Piscina({
        filename: new URL('./password-worker.js', import.meta.url).href,
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: Number.POSITIVE_INFINITY,
        niceIncrement: HASHING_NICE_INCREMENT,
      });
    }
    return pool;
  }

  const hash = async (password: string): Promise<string> =>
    hashing().run(password, { name: 'hash' });

  async function check(stored: string, password: string): Promise<boolean> {
    try {
      return await hashing().run({ stored, password }, { name: 'verify' });
    } catch (cause) {
      throw new Error('the password hashing threads failed', { cause });
    }
  }

  return {
    hash,
    /**
     * With no usable stored hash (unknown email, social-only account) it still runs one
     * verification against a throwaway hash, so the answer takes the same time either way.
     */
    async verify(stored, password) {
      if (stored && ARGON2_HASH.test(stored)) return check(stored, password);
      if (!dummyHash) {
        dummyHash = hash('taleforge-timing-equaliser');
        // A failed attempt is not kept: the next call makes it again.
        dummyHash.catch(() => {
          dummyHash = undefined;
        });
      }
      await check(await dummyHash, password);
      return false;
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}

/** The process's hashing threads, shared by every caller. */
export const passwordHashing = createPasswordHashing();
export const hashPassword = (password: string) => passwordHashing.hash(password);
export const verifyPassword = (stored: string | null, password: string) =>
  passwordHashing.verify(stored, password);
