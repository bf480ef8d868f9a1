import { CALLS } from '@taleforge/contracts';
import type { CommentOrder, Locale } from '@taleforge/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWordlistModerator } from '../src/modules/chat/index.js';
import { createCommentService } from '../src/modules/social/comment-service.js';
import { toCommentPage } from '../src/modules/social/comment-view.js';
import { createLikeService } from '../src/modules/social/like-service.js';
import { createSocialReadCache } from '../src/modules/social/social-read-cache.js';
import type { Viewer } from '../src/modules/social/viewer.js';
import { toWorkSocial } from '../src/modules/social/work-social-answers.js';
import { responseWriter } from '../src/platform/http/response-writer.js';
import { commentCalls, type Player } from './support/comments.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The first comment page is written once per lifetime and each viewer's flags are spliced in,
// and the counts are written once per lifetime too (decision 36, "Caching"). What arrives — as
// it is, brotli or gzip, a first read or kept bytes — must be byte for byte what the contract's
// serializer writes for that viewer from the database, and stay so after every write.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
});
afterAll(() => server.close());

const writePage = responseWriter(CALLS.commentList, { check: true });
const writeCounts = responseWriter(CALLS.workSocial, { check: true });

/** The answers as the routes wrote them before they were kept: a fresh read, the plain serializer. */
async function plainAnswers(
  gameId: number,
  order: CommentOrder,
  viewer: Viewer | null,
  lang: Locale,
) {
  const now = () => server.clock.now;
  const deps = { db: server.database.db, now, log: server.app.log };
  const comments = createCommentService({
    ...deps,
    moderator: createWordlistModerator(),
    cache: createSocialReadCache(now),
  });
  const likes = createLikeService({ ...deps, cache: createSocialReadCache(now) });
  const page = await comments.list({ game_id: gameId, order }, viewer, lang);
  const counts = await likes.read(gameId, viewer);
  return {
    page: writePage(toCommentPage(page), lang),
    counts: writeCounts(toWorkSocial(counts), lang),
  };
}

type Reader = { name: string; who?: Player; viewer: Viewer | null };
const member = (name: string, who: Player): Reader => ({
  name,
  who,
  viewer: { userId: who.user.id, visitor: false },
});

/**
 * Reads the page and counts in each encoding twice (kept bytes of a kilobyte or more are
 * compressed from the second read); answers the encodings the pages came in.
 */
async function expectPlainEverywhere(gameId: number, readers: Reader[], langs: Locale[]) {
  const encodings = new Set<string>();
  for (const order of ['new', 'top'] as const) {
    for (const lang of langs) {
      for (const { name, who, viewer } of readers) {
        const expected = await plainAnswers(gameId, order, viewer, lang);
        const asked = { lang, ...(who ? { token: who.token } : {}) };
        for (const accept of ['identity', 'br', 'br', 'gzip', 'gzip']) {
          const headers = { 'accept-encoding': accept };
          const page = await api(server, CALLS.commentList, {
            query: { game_id: gameId, order },
            headers,
            ...asked,
          });
          const counts = await api(server, CALLS.workSocial, {
            query: { game_id: gameId },
            headers,
            ...asked,
          });
          const where = `${name}, ${order}, ${lang}, ${accept}`;
          expect(page.text, where).toBe(expected.page);
          expect(counts.text, where).toBe(expected.counts);
          encodings.add(page.headers.get('content-encoding') ?? 'identity');
        }
      }
    }
  }
  return [...encodings].sort();
}

describe('the kept first page of comments and counts', () => {
  it("is byte for byte the plain serializer's answer for every viewer, in every encoding", async () => {
    const { game, creator } = await calls.work();
    const [ann, bob, cy] = [await signedIn(server), await signedIn(server), await signedIn(server)];
    const visitor = await signedIn(server, 'DF_ID');
    // Bodies that carry the flags' own text, quotes and other scripts.
    const tricky = (await calls.post(ann, game.id, 'He said "liked":false,"can_delete":false'))
      .data!;
    const plain = (await calls.post(bob, game.id, '¿Sí? 好き 🎭 \\ "quoted"')).data!;
    await calls.post(creator, game.id, "The creator's note");
    await calls.likeComment(bob, tricky.id, true);
    await calls.likeComment(cy, tricky.id, true);
    await calls.likeComment(cy, plain.id, true);
    await calls.likeComment(creator, plain.id, true);
    await api(server, CALLS.workLike, { token: cy.token, body: { game_id: game.id, like: true } });

    for (let i = 0; i < 6; i += 1) await calls.post(cy, game.id, `Filler ${i}, a page over 1 KB`);

    const encodings = await expectPlainEverywhere(
      game.id,
      [
        { name: 'anonymous', viewer: null },
        { name: 'visitor', who: visitor, viewer: { userId: visitor.user.id, visitor: true } },
        member('ann, an author', ann),
        member('bob, an author who liked', bob),
        member('cy, who liked two', cy),
        member('the creator', creator),
      ],
      ['en_US', 'ja_JP'],
    );
    expect(encodings).toEqual(['br', 'gzip', 'identity']);
  });

  it('stays the plain answer after likes, a post and a deletion, for each member alone', async () => {
    const { game, creator } = await calls.work();
    const [ann, bob] = [await signedIn(server), await signedIn(server)];
    const first = (await calls.post(ann, game.id, 'first')).data!;
    const second = (await calls.post(bob, game.id, 'second')).data!;
    const readers = [
      member('ann', ann),
      member('bob', bob),
      member('the creator', creator),
      { name: 'anonymous', viewer: null },
    ];
    await expectPlainEverywhere(game.id, readers, ['en_US']);

    await calls.likeComment(ann, second.id, true);
    await calls.likeComment(bob, first.id, true);
    await api(server, CALLS.workLike, { token: bob.token, body: { game_id: game.id, like: true } });
    await expectPlainEverywhere(game.id, readers, ['en_US']);

    await calls.post(creator, game.id, 'third');
    await calls.likeComment(ann, second.id, false);
    await calls.remove(ann, first.id);
    await expectPlainEverywhere(game.id, readers, ['en_US']);
  });
});
