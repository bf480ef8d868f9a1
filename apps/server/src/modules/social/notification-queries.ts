import type { NotificationKind } from '@taleforge/contracts/constants';
import { and, count, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { notifications } from '../../platform/db/schema/index.js';
import { isBlocked } from './block-queries.js';

export interface NotifyInput {
  /** Who is told. */
  userId: number;
  kind: NotificationKind;
  /** Who did it. */
  actorId: number;
  gameId?: number | null;
  commentId?: number | null;
}

/**
 * Tells a player that someone followed them, liked their work or replied to them. Never about
 * their own doing, never from someone they blocked, and once per actor and thing: the unique key
 * turns a re-like or a re-follow into nothing. Call it inside the transaction that made the
 * change, so a refused change tells nobody. Answers whether a notification was written.
 */
export async function notify(db: Db | Tx, input: NotifyInput): Promise<boolean> {
  if (input.userId === input.actorId) return false;
  if (await isBlocked(db, input.userId, input.actorId)) return false;
  const rows = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      actorId: input.actorId,
      gameId: input.gameId ?? null,
      commentId: input.commentId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function countUnread(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the player's notifications up to and including `upToId` read; later ones stay unread. */
export async function markReadUpTo(db: Db | Tx, userId: number, upToId: number, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        lte(notifications.id, upToId),
        isNull(notifications.readAt),
      ),
    );
}
