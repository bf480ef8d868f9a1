import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@taleforge/contracts/constants';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { verificationCodes } from '../../platform/db/schema/index.js';

export const CODE_TTL_MS = 30 * 60_000;
export const RESEND_AFTER_MS = LIMITS.resendCountdownSeconds * 1000;
/** The 6th wrong try burns the code. */
export const MAX_WRONG_TRIES = 6;

export type CodeUse = 'REGISTER' | 'UPDATE_PWD';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

/**
 * Stores a fresh code for the address unless one was sent less than 60 s ago. One conditional
 * upsert: of any number of simultaneous requests exactly one gets a code back (and sends a mail).
 */
export async function issueCode(
  db: Db,
  email: string,
  use: CodeUse,
  now: Date,
): Promise<string | null> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    email,
    useType: use,
    codeHash: hashCode(email, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    failedAttempts: 0,
    closedAt: null,
  };
  const issued = await db
    .insert(verificationCodes)
    .values(row)
    .onConflictDoUpdate({
      target: verificationCodes.email,
      set: row,
      setWhere: lte(verificationCodes.sentAt, new Date(now.getTime() - RESEND_AFTER_MS)),
    })
    .returning({ email: verificationCodes.email });
  return issued.length ? code : null;
}

/**
 * Whole seconds until the address may be sent another code for `use`, while the code it already
 * has is live (unused, not burnt, same use) and less than 60 s old; null otherwise, when a second
 * ask is refused rather than answered with the code already on its way.
 */
export async function resendWait(
  db: Db,
  email: string,
  use: CodeUse,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({
      useType: verificationCodes.useType,
      sentAt: verificationCodes.sentAt,
      closedAt: verificationCodes.closedAt,
    })
    .from(verificationCodes)
    .where(eq(verificationCodes.email, email));
  if (!row || row.closedAt || row.useType !== use) return null;
  const left = Math.ceil((row.sentAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000);
  return left > 0 ? Math.min(left, RESEND_AFTER_MS / 1000) : null;
}

/**
 * Test runs only (`test-routes.ts`): the address's code as if the resend wait had passed since it
 * was sent, so a journey need not sit through it. False when the address has no code.
 */
export async function backdateCode(db: Db, email: string): Promise<boolean> {
  const moved = await db
    .update(verificationCodes)
    .set({
      sentAt: sql`${verificationCodes.sentAt} - make_interval(secs => ${RESEND_AFTER_MS / 1000})`,
      expiresAt: sql`${verificationCodes.expiresAt} - make_interval(secs => ${RESEND_AFTER_MS / 1000})`,
    })
    .where(eq(verificationCodes.email, email))
    .returning({ email: verificationCodes.email });
  return moved.length > 0;
}

/** Undo an issue whose mail could not be sent, so the player may ask again at once. */
export async function withdrawCode(db: Db, email: string): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.email, email));
}

/**
 * Checks a code inside the caller's transaction, holding the row lock. A wrong code counts a try
 * (and burns the code at the limit); the caller commits that even though its own work is refused.
 */
export async function checkCode(
  tx: Tx,
  email: string,
  use: CodeUse,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.email, email))
    .for('update');
  if (!row || row.closedAt || row.useType !== use || row.expiresAt.getTime() <= now.getTime())
    return false;
  if (row.codeHash === hashCode(email, code)) return true;
  await tx
    .update(verificationCodes)
    .set({
      failedAttempts: sql`${verificationCodes.failedAttempts} + 1`,
      closedAt: row.failedAttempts + 1 >= MAX_WRONG_TRIES ? now : null,
    })
    .where(eq(verificationCodes.email, email));
  return false;
}

/** One use only. */
export async function closeCode(tx: Tx, email: string, now: Date): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ closedAt: now })
    .where(eq(verificationCodes.email, email));
}
