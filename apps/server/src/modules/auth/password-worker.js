// @ts-check
// The hashing threads' module. Plain JavaScript because Node loads it into each thread as it is:
// from dist in production, from the source tree under the tests.
import { hashSync, verifySync } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: m=19456 KiB, t=2, p=1. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** @param {string} password */
export function hash(password) {
  return hashSync(password, OPTIONS);
}

/** @param {{ stored: string, password: string }} task */
export function verify({ stored, password }) {
  return verifySync(stored, password);
}
