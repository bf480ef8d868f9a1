import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { inviteCodes, inviteRedemptions } from '../../platform/db/schema/index.js';

/** Unambiguous characters only: codes are read out by customer service and typed by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface NewInvites {
  count: number;
  uses: number;
  expiresAt?: Date | null;
  note?: string | null;
  createdBy?: number | null;
}

export async function createInviteCodes(db: Db, spec: NewInvites) {
  const rows = Array.from({ length: spec.count }, () => ({
    code: generateInviteCode(),
    maxUses: spec.uses,
    expiresAt: spec.expiresAt ?? null,
    note: spec.note ?? null,
    createdBy: spec.createdBy ?? null,
  }));
  return db.insert(inviteCodes).values(rows).returning();
}

export type InviteRow = typeof inviteCodes.$inferSelect;

export async function listInviteCodes(db: Db, limit = 100, offset = 0): Promise<InviteRow[]> {
  return db.select().from(inviteCodes).orderBy(desc(inviteCodes.id)).limit(limit).offset(offset);
}

export async function countInviteCodes(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(inviteCodes);
  return total?.n ?? 0;
}

/**
 * Takes one use of a code, or nothing. The conditional update is the whole check, so concurrent
 * redemptions of a last use serialise on the row and exactly one wins.
 */
export async function redeemInviteCode(
  tx: Tx,
  code: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const [taken] = await tx
    .update(inviteCodes)
    .set({ usedCount: sql`${inviteCodes.usedCount} + 1` })
    .where(
      and(
        eq(inviteCodes.code, normalizeInviteCode(code)),
        lt(inviteCodes.usedCount, inviteCodes.maxUses),
        or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, now)),
      ),
    )
    .returning({ id: inviteCodes.id });
  if (!taken) return false;
  await tx.insert(inviteRedemptions).values({ inviteCodeId: taken.id, userId, createdAt: now });
  return true;
}
