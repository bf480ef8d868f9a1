import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: m=19456 KiB, t=2, p=1. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown email, social-only account) it still runs one
 * verification against a throwaway hash, so the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored) return verify(stored, password).catch(() => false);
  dummyHash ??= hashPassword('taleforge-timing-equaliser');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
