import type { Notification } from '@taleforge/contracts';
import { type Locale, type NotificationKind, SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { comments, games, notifications, users } from '../../platform/db/schema/index.js';
import { localize } from '../games/index.js';
import { creatorOf } from './people.js';

/** A page of a player's notifications with what the list shows of each, newest first. */
export async function listNotificationViews(
  db: Db,
  options: { userId: number; beforeId: number | null; limit: number },
) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      actor: { publicId: users.publicId, nickName: users.nickName, avatar: users.avatar },
      gameId: games.id,
      gameTitle: games.title,
      gameCover: games.cover,
      commentBody: comments.body,
      commentDeletedAt: comments.deletedAt,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(games, eq(games.id, notifications.gameId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .where(
      and(
        eq(notifications.userId, options.userId),
        options.beforeId === null ? undefined : lt(notifications.id, options.beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

type ViewRow = Awaited<ReturnType<typeof listNotificationViews>>[number];

/** A reply's first words; a deleted reply shows none (its words were taken back). */
function excerptOf(row: ViewRow): string | null {
  if (row.kind !== 'reply' || row.commentBody === null || row.commentDeletedAt) return null;
  const chars = [...row.commentBody];
  const cut = chars.slice(0, SOCIAL_LIMITS.excerptChars).join('');
  return chars.length > SOCIAL_LIMITS.excerptChars ? `${cut}…` : cut;
}

export function toNotification(row: ViewRow, locale: Locale): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor: creatorOf(row.actor),
    game:
      row.gameId !== null && row.gameTitle !== null && row.gameCover !== null
        ? { id: row.gameId, title: localize(row.gameTitle, locale), cover: row.gameCover }
        : null,
    excerpt: excerptOf(row),
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
