import { randomBytes } from 'node:crypto';
import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { loginFailures, userIdentities, users } from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';

export type UserRow = typeof users.$inferSelect;
type NewUser = Omit<typeof users.$inferInsert, 'id' | 'publicId'>;

/** Public ids are random, so they say nothing about how many players there are. */
function newPublicId(): string {
  return `tf${randomBytes(9).toString('base64url')}`;
}

export async function insertUser(tx: Tx | Db, values: NewUser): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, publicId: newPublicId() })
    .returning();
  return row!;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByIdentity(
  db: Db | Tx,
  provider: string,
  providerUserId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, providerUserId)),
    )
    .limit(1);
  return row?.user ?? null;
}

export async function insertIdentity(
  tx: Tx | Db,
  userId: number,
  provider: string,
  providerUserId: string,
): Promise<void> {
  await tx.insert(userIdentities).values({ userId, provider, providerUserId });
}

export async function updateUser(
  tx: Tx | Db,
  id: number,
  values: Partial<NewUser>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

/**
 * Records a failed password login: always one audit row, and the account's counter when there is
 * an account (userId 0 matches none). One statement either way, so a wrong password and an
 * unknown email cost the database the same.
 */
export async function recordFailedLogin(
  db: Db,
  attempt: { email: string; ip: string | null; userId: number; now: Date },
): Promise<void> {
  await db.execute(sql`
    WITH audit AS (
      INSERT INTO ${loginFailures} (email, ip, created_at)
      VALUES (${attempt.email}, ${attempt.ip}, ${attempt.now})
    )
    UPDATE ${users} SET failed_logins = failed_logins + 1 WHERE id = ${attempt.userId}`);
}

/**
 * The account a system-made thing is credited to (the demo works' creator), made on first use.
 * It has no credential: nobody signs in as it.
 */
export async function ensureSystemUser(
  db: Db,
  account: { publicId: string; nickName: string },
): Promise<number> {
  await db
    .insert(users)
    .values({ publicId: account.publicId, nickName: account.nickName, oauthEnum: 'EMAIL' })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.publicId, account.publicId));
  return row!.id;
}

/**
 * Refuses an account that is not an administrator now: read each time, so a revoked role stops
 * the next call at once. Every moderation call starts with it (6601, which speaks of reports);
 * other operator tools name their own refusal.
 */
export async function requireAdmin(
  db: Db,
  userId: number,
  refusal: StatusCode = STATUS.MODERATION_NOT_ADMIN,
): Promise<void> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (row?.role !== 'admin') throw new AppError(refusal);
}

/** Makes the account with this email (any case) an admin; false when there is none. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}
