import { createHash, randomBytes } from 'node:crypto';

/** A new visitor's name: random, so it says nothing about the device and cannot be guessed. */
export const newVisitorId = (): string => `v_${randomBytes(20).toString('base64url')}`;

/** 256 random bits, base64url (43 characters): what the browser keeps beside its visitor id. */
export const newVisitorSecret = (): string => randomBytes(32).toString('base64url');

/** Only the hash is stored, as with session tokens: a database read does not yield a secret. */
export const hashVisitorSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');
