import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** argon2id with the OWASP minimum: m=19456 KiB, t=2, p=1. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time; the rest wait their turn. Each hash walks 19 MiB of
 * memory: more of them than cores (libuv runs four) only fight over the caches and the cores —
 * on two cores, four at once do 20 % less work per second than two, and starve the thread that
 * answers every other request.
 */
const hashing = pLimit(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email, social-only account) it still runs one
 * verification against a throwaway hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored) return hashing(() => verify(stored, password)).catch(() => false);
  dummyHash ??= hashPassword('taleforge-timing-equaliser');
  // Awaited before taking a turn: the throwaway hash needs a turn of its own.
  const dummy = await dummyHash;
  await hashing(() => verify(dummy, password)).catch(() => false);
  return false;
}
