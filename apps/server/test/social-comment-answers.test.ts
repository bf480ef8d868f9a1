import { CALLS } from '@taleforge/contracts';
import type { CommentOrder, Locale } from '@taleforge/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWordlistModerator } from '../src/modules/chat/index.js';
import { createCommentService } from '../src/modules/social/comment-service.js';
import { toCommentPage } from '../src/modules/social/comment-view.js';
import { createSocialReadCache } from '../src/modules/social/social-read-cache.js';
import type { Viewer } from '../src/modules/social/viewer.js';
import { responseWriter } from '../src/platform/http/response-writer.js';
import { commentCalls, type Player } from './support/comments.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// The first comment page is written once per lifetime and each viewer's flags are spliced in
// (decision 36, "Caching"). What arrives — as it is, brotli or gzip, a first read or kept bytes —
// must be byte for byte what the contract's serializer writes for that viewer from the database,
// and stay so after every write.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
});
afterAll(() => server.close());

const write = responseWriter(CALLS.commentList, { check: true });

/** The answer as the route wrote it before pages were kept: a fresh read, the plain serializer. */
async function plainAnswer(
  gameId: number,
  order: CommentOrder,
  viewer: Viewer | null,
  lang: Locale,
) {
  const now = () => server.clock.now;
  const comments = createCommentService({
    db: server.database.db,
    moderator: createWordlistModerator(),
    now,
    log: server.app.log,
    cache: createSocialReadCache(now),
  });
  const view = await comments.list({ game_id: gameId, order }, viewer, lang);
  return write(toCommentPage(view), lang);
}

type Reader = { name: string; who?: Player; viewer: Viewer | null };
const member = (name: string, who: Player): Reader => ({
  name,
  who,
  viewer: { userId: who.user.id, visitor: false },
});

/** Reads the page in each encoding twice (kept bytes are compressed from the second read). */
async function expectPlainEverywhere(gameId: number, readers: Reader[], langs: Locale[]) {
  const encodings = new Set<string>();
  for (const order of ['new', 'top'] as const) {
    for (const lang of langs) {
      for (const { name, who, viewer } of readers) {
        const expected = await plainAnswer(gameId, order, viewer, lang);
        for (const accept of ['identity', 'br', 'br', 'gzip', 'gzip']) {
          const answer = await api(server, CALLS.commentList, {
            query: { game_id: gameId, order },
            lang,
            headers: { 'accept-encoding': accept },
            ...(who ? { token: who.token } : {}),
          });
          expect(answer.text, `${name}, ${order}, ${lang}, ${accept}`).toBe(expected);
          encodings.add(answer.headers.get('content-encoding') ?? 'identity');
        }
      }
    }
  }
  expect([...encodings].sort()).toEqual(['br', 'gzip', 'identity']);
}

describe('the kept first page of comments', () => {
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

    await expectPlainEverywhere(
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
    await expectPlainEverywhere(game.id, readers, ['en_US']);

    await calls.post(creator, game.id, 'third');
    await calls.likeComment(ann, second.id, false);
    await calls.remove(ann, first.id);
    await expectPlainEverywhere(game.id, readers, ['en_US']);
  });
});
