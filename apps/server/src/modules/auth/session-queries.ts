import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Db | Tx,
  values: { userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
      lastUsedAt: values.now,
    })
    .returning();
  return row!;
}

export type SessionWithUser = SessionRow & {
  user: { oauthEnum: string; role: string; inviteBoundAt: Date | null };
};

function prepareSessionByTokenHash(db: Db) {
  return db
    .select({
      session: sessions,
      user: { oauthEnum: users.oauthEnum, role: users.role, inviteBoundAt: users.inviteBoundAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
}

/** Every call under /api/auth/ runs this one: prepared once per database (PostgreSQL plans it once). */
const sessionByTokenHash = new WeakMap<Db, ReturnType<typeof prepareSessionByTokenHash>>();

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | null> {
  let query = sessionByTokenHash.get(db);
  if (!query) {
    query = prepareSessionByTokenHash(db);
    sessionByTokenHash.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row ? { ...row.session, user: row.user } : null;
}

export async function touchSession(db: Db, id: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
