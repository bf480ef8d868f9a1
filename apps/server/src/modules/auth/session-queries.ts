import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions } from '../../platform/db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Db,
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

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function touchSession(db: Db, id: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}
