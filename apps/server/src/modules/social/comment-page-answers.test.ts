import { commentListCall } from '@taleforge/contracts';
import { describe, expect, it } from 'vitest';
import { responseWriter } from '../../platform/http/response-writer.js';
import { WrittenAnswer } from '../../platform/http/written-answer.js';
import { createCommentPageAnswers } from './comment-page-answers.js';
import type { CommentRow } from './comment-reads.js';
import { type CommentPageView, toCommentPage } from './comment-view.js';
import type { FirstPage } from './social-read-cache.js';

// The first page's bytes are written once and each viewer's flags spliced in: every viewer must
// get exactly what the contract's writer gives for them, whatever the comments say.

const write = responseWriter(commentListCall, { check: true });
const CREATOR = 1;

const row = (id: number, authorId: number, body: string): CommentRow => ({
  id,
  gameId: 7,
  parentId: null,
  authorId,
  body,
  likeCount: id % 3,
  replyCount: 0,
  createdAt: new Date(Date.UTC(2026, 10, 28, 9, 0, id)),
  createdMicros: '0',
  author: {
    publicId: `u_${authorId}`,
    nickName: authorId === 3 ? null : `P"${authorId}`,
    avatar: null,
  },
  replyTo: null,
  liked: false,
});

/** Bodies that carry the flags' own text, quotes, backslashes and other scripts. */
const page = (): FirstPage => ({
  rows: [
    row(10, 2, 'He wrote "liked":false,"can_delete":false here'),
    row(11, 3, '\\"liked":false,"can_delete":false\\'),
    row(12, CREATOR, 'The creator: ¿sí? 好き 🎭'),
    row(13, 4, '{"list":[],"next_cursor":null}'),
  ],
  next: 'bmV4dA',
});

const work = { gameId: 7, creatorId: CREATOR, likeCount: 2, commentCount: 40 };
const viewOf = (shared: FirstPage, viewerId: number | null, liked: number[]): CommentPageView => ({
  page: shared,
  shared: true,
  work,
  liked: new Set(liked),
  viewerId,
});
const text = (answer: unknown) => (answer as WrittenAnswer).identity.toString();

describe('the first comment page, written once', () => {
  it("gives every viewer the contract writer's exact text", () => {
    const answers = createCommentPageAnswers(write);
    const shared = page();
    const viewers: [number | null, number[]][] = [
      [null, []],
      [5, []],
      [5, [10, 13]],
      [2, []],
      [2, [11, 12]],
      [CREATOR, []],
      [CREATOR, [10, 11, 12, 13]],
      [3, [10]],
    ];
    for (const locale of ['en_US', 'zh_CN', 'ja_JP'] as const) {
      for (const [viewerId, liked] of viewers) {
        const view = viewOf(shared, viewerId, liked);
        const answer = answers.answer(view, locale);
        expect(answer).toBeInstanceOf(WrittenAnswer);
        expect(text(answer), `${viewerId} ${liked} ${locale}`).toBe(
          write(toCommentPage(view), locale),
        );
      }
    }
  });

  it('shares bytes only between viewers whose flags are the same', () => {
    const answers = createCommentPageAnswers(write);
    const shared = page();
    const nobody = answers.answer(viewOf(shared, null, []), 'en_US');
    expect(answers.answer(viewOf(shared, 5, []), 'en_US')).toBe(nobody);
    const fan = answers.answer(viewOf(shared, 5, [10]), 'en_US');
    expect(fan).not.toBe(nobody);
    expect(answers.answer(viewOf(shared, 6, [10]), 'en_US')).toBe(fan);
    expect(answers.answer(viewOf(shared, 6, [11]), 'en_US')).not.toBe(fan);
    expect(answers.answer(viewOf(shared, 2, [10]), 'en_US')).not.toBe(fan);
  });

  it('writes a new page object and a changed count afresh', () => {
    const answers = createCommentPageAnswers(write);
    const first = answers.answer(viewOf(page(), null, []), 'en_US');
    const again = viewOf(page(), null, []);
    expect(answers.answer(again, 'en_US')).not.toBe(first);
    const counted = { ...again, work: { ...work, commentCount: 41 } };
    expect(text(answers.answer(counted, 'en_US'))).toBe(write(toCommentPage(counted), 'en_US'));
  });

  it('writes a later page (or an empty one) as the plain serializer does', () => {
    const answers = createCommentPageAnswers(write);
    const later = { ...viewOf(page(), 5, [10]), shared: false };
    expect(answers.answer(later, 'en_US')).toEqual(toCommentPage(later));
    const empty = viewOf({ rows: [], next: null }, CREATOR, []);
    expect(text(answers.answer(empty, 'en_US'))).toBe(write(toCommentPage(empty), 'en_US'));
  });
});
