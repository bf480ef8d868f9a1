import type { CallData, Comment, commentListCall } from '@taleforge/contracts';
import type { CommentRow } from './comment-reads.js';
import { creatorOf } from './people.js';
import type { FirstPage, WorkCounts } from './social-read-cache.js';

export type CommentPage = CallData<typeof commentListCall>;

/** The viewer wrote the comment, or created the work it is on. */
export const mayDelete = (authorId: number, creatorId: number, viewerId: number | null) =>
  viewerId !== null && (viewerId === authorId || viewerId === creatorId);

/** A comment as the viewer sees it: their like, whether they may delete it, the creator's mark. */
export function toComment(row: CommentRow, creatorId: number, viewerId: number | null): Comment {
  return {
    id: row.id,
    game_id: row.gameId,
    parent_id: row.parentId,
    author: creatorOf(row.author),
    reply_to: row.replyTo ? creatorOf(row.replyTo) : null,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    like_count: row.likeCount,
    reply_count: row.replyCount,
    liked: row.liked,
    can_delete: mayDelete(row.authorId, creatorId, viewerId),
    by_creator: row.authorId === creatorId,
  };
}

/** A page of a work's top comments as one viewer reads it, before it is written. */
export interface CommentPageView {
  /** The rows as nobody sees them (`liked` false) and the next page's cursor. */
  page: FirstPage;
  /**
   * The page is the read cache's own first page, the same object for every viewer in its
   * lifetime, so its written text can be kept with it (`comment-page-answers.ts`).
   */
  shared: boolean;
  work: WorkCounts;
  /** Which of the page's comments the viewer liked. */
  liked: ReadonlySet<number>;
  viewerId: number | null;
}

export function toCommentPage(view: CommentPageView): CommentPage {
  const { page, work, liked, viewerId } = view;
  return {
    list: page.rows.map((row) =>
      toComment({ ...row, liked: liked.has(row.id) }, work.creatorId, viewerId),
    ),
    next_cursor: page.next,
    comment_count: work.commentCount,
  };
}
