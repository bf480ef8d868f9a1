import { CALLS, type Comment } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentCalls } from './support/comments.js';
import { buildGame } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';

// Comment lists through the real HTTP layer: newest and most-liked orders, cursor pages that
// neither repeat nor skip while comments arrive, cursors that are not the list's refused, and
// the per-player posting limit.

let server: TestServer;
let calls: ReturnType<typeof commentCalls>;
beforeAll(async () => {
  server = await startTestServer({ SOCIAL_RATE_LIMIT_SCALE: '1000' });
  calls = commentCalls(server);
});
afterAll(() => server.close());

describe('orders and pages', () => {
  it('pages newest first with no duplicates or gaps while new comments arrive', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      server.clock.advance(1000);
      ids.push((await calls.post(writer, game.id, `comment ${i}`)).data!.id);
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await calls.list(game.id, cursor ? { cursor } : {});
      expect(page.status).toBe(200);
      seen.push(...page.data!.list.map((c) => c.id));
      cursor = page.data!.next_cursor ?? undefined;
      pages += 1;
      // Newer comments arrive between pages: they belong before the first page, not in this walk.
      server.clock.advance(1000);
      await calls.post(writer, game.id, `late ${pages}`);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('orders top by likes, then newest id, across pages', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const likers = await Promise.all([1, 2, 3].map(() => signedIn(server)));
    const posted: Comment[] = [];
    for (let i = 0; i < 25; i += 1) posted.push((await calls.post(writer, game.id, `c${i}`)).data!);
    for (const [index, likes] of [
      [3, 3],
      [10, 2],
      [20, 1],
    ] as const) {
      for (const liker of likers.slice(0, likes))
        await calls.likeComment(liker, posted[index]!.id, true);
    }
    const first = await calls.list(game.id, { order: 'top' });
    const second = await calls.list(game.id, { order: 'top', cursor: first.data!.next_cursor! });
    const order = [...first.data!.list, ...second.data!.list].map((c) => c.id);
    const rest = posted
      .filter((_, i) => ![3, 10, 20].includes(i))
      .map((c) => c.id)
      .reverse();
    expect(order).toEqual([posted[3]!.id, posted[10]!.id, posted[20]!.id, ...rest]);
    expect(second.data!.next_cursor).toBeNull();
  });

  it('refuses an edited, foreign or made-up cursor with 1001, never page one', async () => {
    const { game } = await calls.work();
    const other = await calls.work();
    const writer = await signedIn(server);
    for (let i = 0; i < 22; i += 1) {
      await calls.post(writer, game.id, `c${i}`);
      await calls.post(writer, other.game.id, `c${i}`);
    }
    const page = await calls.list(game.id);
    const cursor = page.data!.next_cursor!;
    const [kind, scope, key, id, check] = cursor.split('.');
    const edited = [kind, scope, key, String(Number(id) + 1), check].join('.');
    const foreign = (await calls.list(other.game.id)).data!.next_cursor!;
    const topCursor = (await calls.list(game.id, { order: 'top' })).data!.next_cursor!;
    for (const bad of [edited, foreign, topCursor, 'abc', `${cursor}x`]) {
      const res = await calls.list(game.id, { cursor: bad });
      expect(res.status).toBe(1001);
      expect(res.desc).toBe(
        'Invalid parameters: cursor: this page position does not belong to this list, reload the list',
      );
    }
    const ja = await calls.list(game.id, { cursor: edited, lang: 'ja_JP' });
    expect(ja.desc).toMatch(/^パラメータが正しくありません: cursor：/);
  });

  it('pages replies oldest first', async () => {
    const { game } = await calls.work();
    const writer = await signedIn(server);
    const top = await calls.post(writer, game.id, 'Top');
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1)
      ids.push((await calls.post(writer, game.id, `r${i}`, top.data!.id)).data!.id);
    const first = await calls.replies(top.data!.id);
    const second = await calls.replies(top.data!.id, { cursor: first.data!.next_cursor! });
    expect([...first.data!.list, ...second.data!.list].map((c) => c.id)).toEqual(ids);
    expect(second.data!.next_cursor).toBeNull();
    const foreign = await calls.replies(top.data!.id, {
      cursor: (await calls.list(game.id)).data!.next_cursor ?? 'r.1.0.1.x',
    });
    expect(foreign.status).toBe(1001);
  });
});

describe('rate limits', () => {
  it('refuses a player posting faster than the limit with 1003', async () => {
    const limited = await startTestServer();
    try {
      const creator = await signedIn(limited);
      const game = await buildGame(limited.database.db, { creatorId: creator.user.id });
      const writer = await signedIn(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await api(limited, CALLS.commentPost, {
          token: writer.token,
          body: { game_id: game.id, body: `n${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(1003);
    } finally {
      await limited.close();
    }
  });
});
