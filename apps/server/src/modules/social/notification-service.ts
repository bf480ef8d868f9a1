import type { CallData, notificationListCall } from '@taleforge/contracts';
import { type Locale, SOCIAL_LIMITS } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import { decodeIdCursor, encodeIdCursor } from './cursor.js';
import { countUnread, markReadUpTo } from './notification-queries.js';
import { listNotificationViews, toNotification } from './notification-view.js';
import { actorOf } from './people.js';

type NotificationPage = CallData<typeof notificationListCall>;

const CURSOR_PREFIX = 'nt';

/** What a player is told, read by its owner only; marking read is a change, so not a visitor's. */
export function createNotificationService({ db, now }: { db: Db; now: () => Date }) {
  return {
    async list(
      userId: number,
      cursor: string | undefined,
      locale: Locale,
    ): Promise<NotificationPage> {
      const beforeId = decodeIdCursor(CURSOR_PREFIX, cursor);
      const limit = SOCIAL_LIMITS.pageSize;
      const [rows, unread] = await Promise.all([
        listNotificationViews(db, { userId, beforeId, limit: limit + 1 }),
        countUnread(db, userId),
      ]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        list: page.map((row) => toNotification(row, locale)),
        next_cursor: rows.length > limit && last ? encodeIdCursor(CURSOR_PREFIX, last.id) : null,
        unread,
      };
    },

    async unread(userId: number): Promise<{ unread: number }> {
      return { unread: await countUnread(db, userId) };
    },

    async markRead(userId: number, upToId: number): Promise<{ unread: number }> {
      const actor = await actorOf(db, userId);
      await markReadUpTo(db, actor.id, upToId, now());
      return { unread: await countUnread(db, actor.id) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
