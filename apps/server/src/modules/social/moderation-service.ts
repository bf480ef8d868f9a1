import type {
  CallData,
  ModerationAction,
  moderationCommentResolveCall,
  moderationCommentsCall,
  ReportedComment,
} from '@taleforge/contracts';
import {
  type CommentReportReason,
  type Locale,
  SOCIAL_LIMITS,
} from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { requireAdmin } from '../auth/index.js';
import { localize } from '../games/index.js';
import { lockThread, softDelete } from './comment-transactions.js';
import { isVisible } from './comment-writes.js';
import {
  closeOpenReports,
  closeRepliesReports,
  listReportedComments,
  queueKey,
  type ReportedRow,
  wasHandled,
} from './moderation-queries.js';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';
import { creatorOf } from './people.js';
import { droppingAfter, type SocialReadCache } from './social-read-cache.js';

type QueuePage = CallData<typeof moderationCommentsCall>;
type Resolved = CallData<typeof moderationCommentResolveCall>;

const isoOfMicros = (micros: string) => new Date(Number(BigInt(micros) / 1000n)).toISOString();

const notFound = () => new AppError(STATUS.MODERATION_NOT_FOUND);

/** 6602 when a moderator's earlier decision is why there is nothing to do, else 6603. */
async function nothingToDo(tx: Tx, commentId: number, outcome: 'removed' | 'either') {
  return (await wasHandled(tx, commentId, outcome))
    ? new AppError(STATUS.MODERATION_ALREADY_HANDLED)
    : notFound();
}

function toReported(row: ReportedRow, locale: Locale): ReportedComment {
  const counts = new Map<CommentReportReason, number>();
  for (const reason of row.reasons.split(',') as CommentReportReason[]) {
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return {
    comment_id: row.id,
    parent_id: row.parentId,
    body: row.body,
    author: creatorOf(row.author),
    game: { id: row.gameId, title: localize(row.gameTitle, locale) },
    comment_created_at: row.createdAt.toISOString(),
    report_count: row.count,
    reasons: [...counts].map(([reason, count]) => ({ reason, count })),
    first_reported_at: isoOfMicros(row.firstMicros),
    last_reported_at: isoOfMicros(row.lastMicros),
  };
}

/** The moderators' side of comment reports (decision 46): the queue and its two outcomes. */
export function createCommentModeration(deps: { db: Db; now: () => Date; cache: SocialReadCache }) {
  const { db, now, cache } = deps;
  return {
    async queue(adminId: number, cursor: string | undefined, locale: Locale): Promise<QueuePage> {
      await requireAdmin(db, adminId);
      const after = cursor ? decodePageCursor('reported', 0, cursor, locale) : null;
      const size = SOCIAL_LIMITS.pageSize;
      const rows = await listReportedComments(db, { after, limit: size + 1 });
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return {
        list: page.map((row) => toReported(row, locale)),
        next_cursor:
          rows.length > size && last
            ? encodePageCursor('reported', 0, {
                key: queueKey(last.count, BigInt(last.firstMicros)),
                id: last.id,
              })
            : null,
      };
    },

    /**
     * Removes the comment (as its work's creator would: the same counts move, nobody is told)
     * or dismisses its reports. The thread's row locks come first, so two moderators on one
     * item run one after the other and the second finds no open report (6602).
     */
    resolve(adminId: number, commentId: number, action: ModerationAction): Promise<Resolved> {
      return droppingAfter(cache, async (touch) => {
        await requireAdmin(db, adminId);
        return db.transaction(async (tx) => {
          const { top, current } = await lockThread(tx, commentId, touch);
          if (!isVisible(top) || !isVisible(current)) {
            // Removed by the moderator who came first, or deleted by its author or creator.
            throw current ? await nothingToDo(tx, current.id, 'removed') : notFound();
          }
          const at = now();
          const outcome = action === 'remove' ? 'removed' : 'dismissed';
          const close = { by: adminId, at, outcome } as const;
          const closed = await closeOpenReports(tx, current.id, close);
          if (closed === 0) {
            // Dismissed by the moderator who came first, or never reported at all.
            throw await nothingToDo(tx, current.id, 'either');
          }
          if (action === 'remove') {
            await softDelete(tx, { top, current }, adminId, at);
            if (current.parentId === null) await closeRepliesReports(tx, current.id, close);
          }
          return { comment_id: current.id, outcome, closed_reports: closed };
        });
      });
    },
  };
}

export type CommentModeration = ReturnType<typeof createCommentModeration>;
