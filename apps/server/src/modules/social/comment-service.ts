import type { CallData, Comment, commentRepliesCall } from '@taleforge/contracts';
import {
  type CommentOrder,
  type CommentReportReason,
  type Locale,
  SOCIAL_LIMITS,
} from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Moderator } from '../chat/index.js';
import { findPublishedGame } from '../play/index.js';
import { isBlocked } from './block-queries.js';
import { likedAmong, listReplies, listTopLevel } from './comment-reads.js';
import { createCommentWrites } from './comment-transactions.js';
import { type CommentPageView, toComment } from './comment-view.js';
import { findCommentState, insertReport, isVisible } from './comment-writes.js';
import { failingAs } from './failures.js';
import {
  decodePageCursor,
  encodePageCursor,
  type PageList,
  type PagePosition,
} from './page-cursor.js';
import { actorOf } from './people.js';
import type { SocialReadCache } from './social-read-cache.js';
import { likerOf, type Viewer } from './viewer.js';
import { workCounts } from './work-counts.js';

export interface CommentServiceDeps {
  db: Db;
  moderator: Moderator;
  now: () => Date;
  log: FastifyBaseLogger;
  cache: SocialReadCache;
}

type RepliesPage = CallData<typeof commentRepliesCall>;

/** One more row than a page, to know whether a next page exists without counting. */
function pageOf<T>(rows: T[], cursorOf: (last: T) => string): { list: T[]; next: string | null } {
  const size = SOCIAL_LIMITS.pageSize;
  const list = rows.slice(0, size);
  return { list, next: rows.length > size ? cursorOf(list[list.length - 1]!) : null };
}

/** Comments on works: public reads, and the changes only a registered account makes. */
export function createCommentService(deps: CommentServiceDeps) {
  const { db, moderator, log, cache } = deps;
  const writes = createCommentWrites(deps);

  /** A page of top comments after `after`, as nobody sees it (no likes). */
  async function topPage(gameId: number, order: CommentOrder, after: PagePosition | null) {
    const rows = await listTopLevel(db, {
      gameId,
      order,
      after,
      viewerId: null,
      limit: SOCIAL_LIMITS.pageSize + 1,
    });
    const { list, next } = pageOf(rows, (last) =>
      encodePageCursor(order, gameId, {
        key: order === 'new' ? BigInt(last.createdMicros) : BigInt(last.likeCount),
        id: last.id,
      }),
    );
    return { rows: list, next };
  }

  async function publishedGame(gameId: number) {
    const game = await findPublishedGame(db, gameId);
    if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
    return game;
  }

  return {
    /**
     * The first page of each order comes from the read cache, whoever asks, and so do a member's
     * likes among its comments (one lookup per member and lifetime); who may delete is known from
     * the kept author ids. The view is written by `comment-page-answers.ts`.
     */
    async list(
      query: { game_id: number; order: CommentOrder; cursor?: string | undefined },
      viewer: Viewer | null,
      locale: Locale,
    ): Promise<CommentPageView> {
      const work = await workCounts(db, cache, query.game_id);
      const kind: PageList = query.order;
      const page = query.cursor
        ? await topPage(
            work.gameId,
            query.order,
            decodePageCursor(kind, work.gameId, query.cursor, locale),
          )
        : await cache.firstPage(work.gameId, query.order, () =>
            topPage(work.gameId, query.order, null),
          );
      const liker = likerOf(viewer);
      let liked: ReadonlySet<number> = new Set<number>();
      if (liker !== null) {
        const lookUp = () =>
          likedAmong(
            db,
            liker,
            page.rows.map((row) => row.id),
          );
        liked = query.cursor
          ? await lookUp()
          : await cache.viewerLikes.onPage(liker, work.gameId, query.order, page, lookUp);
      }
      return { page, shared: !query.cursor, work, liked, viewerId: viewer?.userId ?? null };
    },

    async replies(
      query: { comment_id: number; cursor?: string | undefined },
      viewerId: number | null,
      locale: Locale,
    ): Promise<RepliesPage> {
      const top = await findCommentState(db, query.comment_id);
      if (!isVisible(top) || top.parentId !== null) throw new AppError(STATUS.COMMENT_NOT_FOUND);
      const game = await findPublishedGame(db, top.gameId);
      if (!game) throw new AppError(STATUS.COMMENT_NOT_FOUND);
      const after = query.cursor ? decodePageCursor('replies', top.id, query.cursor, locale) : null;
      const rows = await listReplies(db, {
        parentId: top.id,
        afterId: after?.id ?? null,
        viewerId,
        limit: SOCIAL_LIMITS.pageSize + 1,
      });
      const { list, next } = pageOf(rows, (last) =>
        encodePageCursor('replies', top.id, { key: 0n, id: last.id }),
      );
      return {
        list: list.map((row) => toComment(row, game.creatorId, viewerId)),
        next_cursor: next,
      };
    },

    async post(
      userId: number,
      body: { game_id: number; body: string; reply_to_id?: number | undefined },
    ): Promise<Comment> {
      await actorOf(db, userId);
      const game = await publishedGame(body.game_id);
      if (await isBlocked(db, game.creatorId, userId)) throw new AppError(STATUS.BLOCKED_BY_USER);
      const verdict = await moderator.check(body.body, 'input');
      if (!verdict.allowed) throw new AppError(STATUS.COMMENT_TEXT_BLOCKED);
      const row = await failingAs(STATUS.COMMENT_FAILED, log, () =>
        writes.post(userId, game.id, body.body, body.reply_to_id ?? null),
      );
      return toComment(row, game.creatorId, userId);
    },

    async remove(userId: number, commentId: number): Promise<{ comment_count: number }> {
      await actorOf(db, userId);
      return { comment_count: await writes.remove(userId, commentId) };
    },

    async like(
      userId: number,
      commentId: number,
      like: boolean,
    ): Promise<{ liked: boolean; like_count: number }> {
      await actorOf(db, userId);
      const likeCount = await failingAs(STATUS.LIKE_FAILED, log, () =>
        writes.like(userId, commentId, like),
      );
      return { liked: like, like_count: likeCount };
    },

    async report(
      userId: number,
      commentId: number,
      reason: CommentReportReason,
    ): Promise<{ reported: true }> {
      await actorOf(db, userId);
      if (!isVisible(await findCommentState(db, commentId))) {
        throw new AppError(STATUS.COMMENT_NOT_FOUND);
      }
      await insertReport(db, { commentId, reporterId: userId, reason, createdAt: deps.now() });
      return { reported: true };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
