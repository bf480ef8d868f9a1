import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, gameSaves, walletEntries } from '../src/platform/db/schema/index.js';
import {
  buildChatGame,
  chatPostRaw,
  eventOf,
  giveGems,
  personaModel,
  sendChat,
  streamedText,
} from './support/chat.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { CHAT_SENDS_PER_MINUTE: '1000' },
    { chatProvider: personaModel() },
  );
});
afterAll(() => server.close());

const db = () => server.database.db;

async function player(gems: number) {
  const session = await buildSession(db());
  if (gems > 0) await giveGems(server, session.user.id, gems);
  return session;
}

async function startStory(token: string, gameId: number) {
  return (
    await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'start', game_id: gameId },
    })
  ).data!;
}

async function messagesOf(userId: number, on = server) {
  return on.database.db.select().from(chatMessages).where(eq(chatMessages.userId, userId));
}

async function entriesOf(userId: number) {
  return db().select().from(walletEntries).where(eq(walletEntries.userId, userId));
}

async function balanceOf(token: string, on = server) {
  const res = await api(on, CALLS.walletBalance, {
    token,
    query: { platform_flag: '2' },
  });
  return res.data!.gem_balance;
}

// The engine speaks the persona's lines and is priced as a model (support/chat.ts): these are the
// rules of a paid reply. What an offline reply costs (nothing) is in chat-price.test.ts.
describe('chat send through HTTP (a paid engine)', () => {
  it('charges 10 gems with the message, streams the reply with its face, stores both', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(30);
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello!' });
    expect(answer.envelope).toBeNull();
    expect(answer.events.map((e) => e.event)[0]).toBe('accepted');
    expect(answer.events.at(-1)!.event).toBe('done');
    expect(eventOf(answer, 'accepted')).toMatchObject({ charged_gems: 10, gem_balance: 20 });
    expect(answer.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    const done = eventOf(answer, 'done')!;
    expect(done).toMatchObject({
      text: 'Hello, hello. Keep your voice down.',
      expression: 'smile',
      story_continued: false,
    });
    expect(streamedText(answer)).toBe(done.text);
    expect(await balanceOf(token)).toBe(20);
    const rows = await messagesOf(user.id);
    expect(rows.map((r) => [r.role, r.state, r.text])).toEqual([
      ['player', 'complete', 'Hello!'],
      ['npc', 'complete', 'Hello, hello. Keep your voice down.'],
    ]);
    expect(rows[0]!.ledgerEntryId).toBe(
      (await entriesOf(user.id)).find((e) => e.amount === -10)!.id,
    );
  });

  it('stores and sends the message without the characters nobody sees (decision 50)', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(30);
    const answer = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: '\u2066Hel\u200blo\u202e!\u2069',
    });
    expect(answer.events.at(-1)!.event).toBe('done');
    const rows = await messagesOf(user.id);
    expect(rows.find((row) => row.role === 'player')!.text).toBe('Hello!');
  });

  it('answers in the player language', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token } = await player(10);
    const answer = await sendChat(
      server,
      token,
      { game_id: gameId, npc_id: ada, text: '蛋糕' },
      'zh_CN',
    );
    expect(eventOf(answer, 'done')).toMatchObject({
      text: '蛋糕？现在？我能吃一整个。',
      expression: 'hungry',
    });
  });

  it('moves the story on when the player reaches the goal the story set', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(50);
    const before = await startStory(token, gameId);
    expect(before.conversation).toMatchObject({ npc_id: ada, goal: 'confess' });

    const info = await api(server, CALLS.conversationInfoV2, {
      token,
      query: { game_id: String(gameId), npc_id: String(ada) },
    });
    expect(info.data).toMatchObject({ goal: { key: 'confess' }, goal_progress: 0, price_gems: 10 });

    const first = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'About the ledger.',
    });
    expect(eventOf(first, 'done')!.goal).toMatchObject({
      key: 'confess',
      reached: false,
      percent: 50,
    });
    expect(eventOf(first, 'done')!.story_continued).toBe(false);

    const second = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Who did you see?',
    });
    const done = eventOf(second, 'done')!;
    expect(done).toMatchObject({
      expression: 'angry',
      goal: { key: 'confess', reached: true, percent: 100 },
      story_continued: true,
    });
    const [save] = await db().select().from(gameSaves).where(eq(gameSaves.userId, user.id));
    expect(save!.view.conversation).toBeNull();
    expect(save!.view.lines.map((l) => l.text.en_US)).toContain('Ada told you everything.');
  });

  it('refuses bad input with a clear message, charging and storing nothing', async () => {
    const { gameId, ada, bo } = await buildChatGame(db());
    const { token, user } = await player(100);
    const cases: [Record<string, unknown>, number][] = [
      [{ game_id: gameId, npc_id: ada, text: '   ' }, 5005],
      [{ game_id: gameId, npc_id: ada, text: 'x'.repeat(501) }, 5006],
      // Nothing visible once the invisible characters are removed (decision 50).
      [{ game_id: gameId, npc_id: ada, text: '\u200b \u200b\u2066' }, 5005],
      [{ game_id: gameId, npc_id: bo, text: 'Hello' }, 5007],
      [{ game_id: gameId, npc_id: 999_999, text: 'Hello' }, 5007],
      [{ game_id: 999_999, npc_id: ada, text: 'Hello' }, 4001],
      [{ game_id: gameId, npc_id: ada, text: 'my card 4111 1111 1111 1111' }, 5001],
    ];
    for (const [body, status] of cases) {
      const answer = await sendChat(server, token, body as never);
      expect(answer.envelope?.status, JSON.stringify(body)).toBe(status);
      expect(answer.envelope!.desc.length).toBeGreaterThan(0);
    }
    const missing = await chatPostRaw(server, CALLS.chatSend, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'no id',
    });
    expect(missing.envelope?.status).toBe(1001);
    expect(await messagesOf(user.id)).toEqual([]);
    expect(await balanceOf(token)).toBe(100);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('refuses a chapter the player may not play', async () => {
    const { gameId, ada, lockedChapter } = await buildChatGame(db());
    const { token, user } = await player(100);
    await startStory(token, gameId);
    // The save points at a priced chapter the player never unlocked (e.g. an unlock rolled back).
    await db()
      .update(gameSaves)
      .set({ chapterId: lockedChapter })
      .where(eq(gameSaves.userId, user.id));
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(answer.envelope?.status).toBe(4003);
    expect(await messagesOf(user.id)).toEqual([]);
    expect(await balanceOf(token)).toBe(100);
  });

  it('says the SPEC text when gems are short, and records nothing', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(5);
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(answer.envelope).toEqual({
      status: 3001,
      desc: 'Insufficient balance, please recharge first',
      data: null,
    });
    expect(await messagesOf(user.id)).toEqual([]);
  });

  it('charges a resent message once; the same id with other text is refused (5008)', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(100);
    const id = randomUUID();
    const body = { game_id: gameId, npc_id: ada, text: 'Hello!', client_message_id: id };
    const first = await sendChat(server, token, body);
    const again = await sendChat(server, token, body);
    expect(eventOf(again, 'accepted')).toMatchObject({ charged_gems: 0, gem_balance: 90 });
    expect(eventOf(again, 'done')!.text).toBe(eventOf(first, 'done')!.text);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendChat(server, token, { ...body, client_message_id: randomUUID() }),
      ),
    );
    const sameId = await Promise.all(
      Array.from({ length: 5 }, () => sendChat(server, token, body)),
    );
    expect(sameId.every((a) => eventOf(a, 'accepted')!.charged_gems === 0)).toBe(true);
    expect(parallel.every((a) => eventOf(a, 'accepted')!.charged_gems === 10)).toBe(true);

    const other = await sendChat(server, token, { ...body, text: 'Something else' });
    expect(other.envelope?.status).toBe(5008);
    expect(await balanceOf(token)).toBe(40);
    const [n] = await db()
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.role, 'player')));
    expect(n!.n).toBe(6);
  });

  it('100 concurrent sends on a 50-gem balance: exactly 5 succeed, the ledger holds', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await player(50);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        sendChat(server, token, { game_id: gameId, npc_id: ada, text: `Hello number ${i}` }),
      ),
    );
    const ok = answers.filter((a) => eventOf(a, 'done'));
    const refused = answers.filter((a) => a.envelope?.status === 3001);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(95);
    expect(await balanceOf(token)).toBe(0);
    const rows = await messagesOf(user.id);
    expect(rows.filter((r) => r.role === 'player')).toHaveLength(5);
    expect((await checkLedger(db())).violations).toEqual([]);
    const [sum] = await db()
      .select({ s: sql<string>`sum(${walletEntries.amount})` })
      .from(walletEntries)
      .where(eq(walletEntries.userId, user.id));
    expect(Number(sum!.s)).toBe(0);
  });

  it('counts concurrent sends against the daily cap: 10 at once under a cap of 3 start 3', async () => {
    const capped = await startTestServer(
      {
        CHAT_SENDS_PER_MINUTE: '100',
        CHAT_DAILY_REPLY_CAP: '3',
      },
      { chatProvider: personaModel() },
    );
    try {
      const { gameId, ada } = await buildChatGame(capped.database.db);
      const session = await buildSession(capped.database.db);
      await giveGems(capped, session.user.id, 100);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sendChat(capped, session.token, { game_id: gameId, npc_id: ada, text: `Hello ${i}` }),
        ),
      );
      expect(results.filter((r) => eventOf(r, 'done'))).toHaveLength(3);
      expect(results.filter((r) => r.envelope?.status === 5009)).toHaveLength(7);
      expect(await balanceOf(session.token, capped)).toBe(70);
      expect(await messagesOf(session.user.id, capped)).toHaveLength(6);
    } finally {
      await capped.close();
    }
  });

  it('stops a player past the rate limit and the daily cap, charging nothing', async () => {
    const limited = await startTestServer(
      {
        CHAT_SENDS_PER_MINUTE: '3',
        CHAT_DAILY_REPLY_CAP: '2',
      },
      { chatProvider: personaModel() },
    );
    try {
      const { gameId, ada } = await buildChatGame(limited.database.db);
      const session = await buildSession(limited.database.db);
      await giveGems(limited, session.user.id, 100);
      const send = () =>
        sendChat(limited, session.token, { game_id: gameId, npc_id: ada, text: 'Hello' });
      expect(eventOf(await send(), 'done')).toBeTruthy();
      expect(eventOf(await send(), 'done')).toBeTruthy();
      expect((await send()).envelope?.status).toBe(5009);
      expect((await send()).envelope?.status).toBe(1003);
      expect(await balanceOf(session.token, limited)).toBe(80);
    } finally {
      await limited.close();
    }
  });
});
