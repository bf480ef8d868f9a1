import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatGame, giveGems, sendChat } from './support/chat.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { buildSession } from './support/factories.js';
import { api, apiRaw, call, injectUrl } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// NUL and lone surrogates are refused with 1001 wherever they come; ids are JSON numbers in a
// body and plain digits in a query; a refusal changes nothing in the database.

let server: TestServer;
let game: Awaited<ReturnType<typeof buildChatGame>>;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_PROVIDER: 'sandbox' });
  game = await buildChatGame(server.database.db);
});
afterAll(() => server.close());

async function player(gems = 0) {
  const session = await buildSession(server.database.db, { now: () => server.clock.now });
  if (gems > 0) await giveGems(server, session.user.id, gems);
  return session;
}

/** Runs the request and checks that the database is exactly as it was. */
async function unchanged<T>(request: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint(server.database.db);
  const result = await request();
  expect(await databaseFingerprint(server.database.db)).toEqual(before);
  return result;
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe('NUL and lone surrogates are 1001, never a 500, and store nothing', () => {
  it('page-view analytics, without signing in', async () => {
    for (const text of [NUL, LONE]) {
      for (const body of [
        { path: `/games/${text}`, title: 'x' },
        { path: '/x', title: text },
        { path: '/x', title: 'x', referrer: text },
      ]) {
        const res = await unchanged(() => api(server, CALLS.pageView, { body, lang: 'zh_CN' }));
        expect(res, JSON.stringify(body)).toMatchObject({ http: 200, status: 1001 });
        expect(res.desc).toMatch(/^参数错误: (path|title|referrer): /);
      }
    }
  });

  it('home/page?section=, without signing in', async () => {
    const res = await api(server, CALLS.homePage, { query: { section: NUL } });
    expect(res).toMatchObject({ http: 200, status: 1001 });
    expect(res.desc).toMatch(/^Invalid parameters: section: /);
  });

  it('reading and cancelling an order', async () => {
    const { token } = await player();
    const read = await api(server, CALLS.orderGet, { token, query: { order_no: NUL } });
    expect(read).toMatchObject({ http: 200, status: 1001 });
    const cancel = await unchanged(() =>
      api(server, CALLS.orderCancel, { token, body: { order_no: NUL } }),
    );
    expect(cancel).toMatchObject({ http: 200, status: 1001 });
  });

  it("an order's return_path", async () => {
    const { token } = await player();
    for (const returnPath of [`/play/1${'\u0000'}`, `/play/${LONE}`]) {
      const res = await unchanged(() =>
        api(server, CALLS.orderCreate, {
          token,
          body: {
            goods_id: 'gems_60',
            pay_method: 'card',
            return_path: returnPath,
            idempotency_key: randomUUID(),
          },
        }),
      );
      expect(res).toMatchObject({ http: 200, status: 1001 });
      expect(res.desc).toMatch(/return_path/);
    }
  });

  it('a chat message with a lone surrogate is neither charged nor stored', async () => {
    const { user, token } = await player(100);
    for (const text of ['hello \ud83d there', 'hi\udfff', `hello ${NUL}`]) {
      const answer = await unchanged(() =>
        sendChat(server, token, { game_id: game.gameId, npc_id: game.ada, text }),
      );
      expect(answer.events).toEqual([]);
      expect(answer.envelope).toMatchObject({ status: STATUS.INVALID_PARAMS });
    }
    const balance = await api(server, CALLS.walletBalance, {
      token,
      query: { platform_flag: '2' },
    });
    expect(balance.data?.gem_balance, `user ${user.id}`).toBe(100);
  });

  it('in a key, deep inside a value, and in a path segment', async () => {
    const { token } = await player(100);
    const inKey = await unchanged(() =>
      api(server, CALLS.gameEvent, {
        token,
        body: { type: 'minigame_move', game_id: game.gameId, seq: 0, move: { [NUL]: 1 } },
      }),
    );
    expect(inKey.status).toBe(1001);
    const deep = await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'minigame_move', game_id: game.gameId, seq: 0, move: { slots: [[LONE]] } },
    });
    expect(deep).toMatchObject({ status: 1001 });
    expect(deep.desc).toContain('move.slots.0.0');
    const path = await call(server, `/art/games/${encodeURIComponent(NUL)}.svg`);
    expect(path).toMatchObject({ http: 404, status: 404 });
  });

  it('a body nested a hundred thousand deep is refused, not a 500', async () => {
    for (const body of [
      `{"path":"/x","title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `{"path":"/x","title":"x","referrer":${'{"a":'.repeat(50_000)}"\u0000"${'}'.repeat(50_000)}}`,
    ]) {
      const res = await unchanged(() => apiRaw(server, CALLS.pageView, { body }));
      expect(res.http).not.toBe(500);
      expect([400, 1001]).toContain(res.status);
    }
  });

  it('header values we compare are refused too, never a 500', async () => {
    const { token } = await player();
    // Node's HTTP parser never lets NUL into a header; the policy holds for any other way in.
    for (const headers of [
      { authorization: `${token}\u0000` },
      { 'accept-language': `ja${LONE}` },
      { 'user-agent': NUL },
    ]) {
      const res = await server.app.inject({
        method: 'GET',
        url: injectUrl(server, CALLS.home, { df_id: 'v_headers' }),
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toMatchObject({ status: 1001 });
    }
    // Bytes above ASCII arrive as Latin-1 text: compared, refused as a token, not a 500.
    const odd = await api(server, CALLS.userInfo, {
      headers: { authorization: 'Bearer \u00ff\u00fe'.padEnd(40, '\u00e9') },
    });
    expect(odd).toMatchObject({ http: 200, status: 1006 });
  });
});

describe('ids are strictly typed', () => {
  it('{"game_id": true, "chapter_id": [3]} and other look-alikes buy nothing', async () => {
    const { token } = await player(500);
    const chapter = game.lockedChapter;
    for (const ids of [
      { game_id: [game.gameId], chapter_id: [chapter] },
      { game_id: String(game.gameId), chapter_id: String(chapter) },
      { game_id: game.gameId, chapter_id: [chapter] },
      { game_id: game.gameId, chapter_id: `${chapter}e0` },
      { game_id: game.gameId === 1 ? true : [game.gameId], chapter_id: chapter },
      { game_id: game.gameId, chapter_id: chapter + 0.5 },
      { game_id: game.gameId, chapter_id: { valueOf: chapter } },
    ]) {
      const res = await unchanged(() =>
        apiRaw(server, CALLS.unlock, {
          token,
          body: { ...ids, idempotency_key: randomUUID() },
        }),
      );
      expect(res, JSON.stringify(ids)).toMatchObject({ http: 200, status: 1001 });
    }
    // The well-typed request still buys it.
    const bought = await api(server, CALLS.unlock, {
      token,
      body: { game_id: game.gameId, chapter_id: chapter, idempotency_key: randomUUID() },
    });
    expect(bought).toMatchObject({ status: 200, data: { already_unlocked: false } });
  });

  it('query ids are read from plain digits only', async () => {
    const { token } = await player();
    const id = game.gameId;
    const info = (gameId: string) =>
      api(server, CALLS.resourceInfo, { token, query: { game_id: gameId } });
    expect((await info(String(id))).status).toBe(200);
    for (const odd of [
      `${id}e0`,
      ` ${id}`,
      `${id} `,
      `+${id}`,
      `0x${id.toString(16)}`,
      `${id}.0`,
      'true',
      '',
      '1e3',
    ]) {
      expect((await info(odd)).status, JSON.stringify(odd)).toBe(1001);
    }
    // A repeated parameter is a list, not an id.
    const repeated = await apiRaw(server, CALLS.resourceInfo, {
      token,
      dfId: 'v_ids',
      search: `?game_id=${id}&game_id=${id}`,
    });
    expect(repeated.status).toBe(1001);
  });

  it('paging numbers too', async () => {
    for (const page of ['1e1', ' 2', '0x2', '2.0', '-1']) {
      const res = await api(server, CALLS.homePage, {
        query: { section: 'new', page },
      });
      expect(res.status, page).toBe(1001);
    }
  });
});
