import { randomUUID } from 'node:crypto';
import { CALLS, type ChatRecord } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { walletEntries } from '../src/platform/db/schema/index.js';
import {
  buildChatGame,
  chatPost,
  eventOf,
  giveGems,
  personaModel,
  sendChat,
} from './support/chat.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { CHAT_SENDS_PER_MINUTE: '1000' },
    { chatProvider: personaModel() },
  );
});
afterAll(() => server.close());

const db = () => server.database.db;

async function setup(gems = 500) {
  const game = await buildChatGame(db());
  const session = await buildSession(db());
  await giveGems(server, session.user.id, gems);
  return { ...game, ...session };
}

function page(token: string, gameId: number, npcId: number, extra: Record<string, string> = {}) {
  return api(server, CALLS.chatRecord, {
    token,
    query: { game_id: String(gameId), npc_id: String(npcId), ...extra },
  });
}

describe('chat history, memory, rewind and regenerate', () => {
  it('pages history newest page first, oldest to newest within a page', async () => {
    const { gameId, ada, token } = await setup();
    for (let i = 1; i <= 5; i++) {
      await sendChat(server, token, { game_id: gameId, npc_id: ada, text: `message ${i}` });
    }
    const first = (await page(token, gameId, ada, { limit: '4' })).data!;
    expect(first.records.map((r) => r.role)).toEqual(['player', 'npc', 'player', 'npc']);
    expect(first.records.filter((r) => r.role === 'player').map((r) => r.text)).toEqual([
      'message 4',
      'message 5',
    ]);
    const ids = first.records.map((r) => Number(r.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const all: ChatRecord[] = [...first.records];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = (await page(token, gameId, ada, { limit: '4', cursor })).data!;
      all.unshift(...next.records);
      cursor = next.next_cursor;
    }
    expect(all.filter((r) => r.role === 'player').map((r) => r.text)).toEqual(
      [1, 2, 3, 4, 5].map((i) => `message ${i}`),
    );
    const stranger = await buildSession(db());
    expect((await page(stranger.token, gameId, ada)).data!.records).toEqual([]);
  });

  it('lets the player see and edit memory; pinned facts reach the prompt context', async () => {
    const { gameId, ada, token } = await setup();
    await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    const query = { game_id: String(gameId), npc_id: String(ada) };
    const before = (await api(server, CALLS.chatMemory, { token, query })).data!;
    expect(before).toMatchObject({ summary: '', pinned: [] });
    expect(before.context_chars).toBeGreaterThan(0);
    expect(before.context_budget).toBeGreaterThan(before.context_chars);
    const saved = await api(server, CALLS.chatMemoryUpdate, {
      token,
      body: {
        game_id: gameId,
        npc_id: ada,
        summary: 'We met at the bank.',
        pinned: ['My name is Lee.'],
      },
    });
    expect(saved.data).toMatchObject({
      summary: 'We met at the bank.',
      pinned: ['My name is Lee.'],
    });
    expect(saved.data!.context_chars).toBe(
      before.context_chars + 'We met at the bank.My name is Lee.'.length,
    );
    const bad = await api(server, CALLS.chatMemoryUpdate, {
      token,
      body: { game_id: gameId, npc_id: ada, summary: '', pinned: ['x'.repeat(201)] },
    });
    expect(bad.status).toBe(1001);
    const ctrl = await api(server, CALLS.chatMemoryUpdate, {
      token,
      body: { game_id: gameId, npc_id: ada, summary: 'a\u0007b\u202e', pinned: ['c\u200bd'] },
    });
    // Controls and invisible characters are removed, as from any text people write (decision 50).
    expect(ctrl.status).toBe(200);
    expect(ctrl.data).toMatchObject({ summary: 'ab', pinned: ['cd'] });
    // NUL is refused by the input policy, before the chat's own rule, like anywhere else.
    const nul = await api(server, CALLS.chatMemoryUpdate, {
      token,
      body: { game_id: gameId, npc_id: ada, summary: 'a\u0000b', pinned: [] },
    });
    expect(nul.status).toBe(1001);
  });

  it('folds old turns into the running summary as the conversation grows', async () => {
    const { gameId, ada, token } = await setup(1000);
    for (let i = 1; i <= 17; i++) {
      await sendChat(server, token, { game_id: gameId, npc_id: ada, text: `fact number ${i}` });
    }
    // The fold runs after the reply has been delivered, so the player never waits for it.
    await vi.waitFor(
      async () => {
        const memory = (
          await api(server, CALLS.chatMemory, {
            token,
            query: { game_id: String(gameId), npc_id: String(ada) },
          })
        ).data!;
        expect(memory.summary).toContain('fact number 1');
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('rewinds to an earlier message without moving gems', async () => {
    const { gameId, ada, token, user } = await setup();
    for (const text of ['one', 'two', 'three']) {
      await sendChat(server, token, { game_id: gameId, npc_id: ada, text });
    }
    const records = (await page(token, gameId, ada)).data!.records;
    const firstReply = records[1]!;
    const rewind = await api(server, CALLS.chatRewind, {
      token,
      body: { game_id: gameId, npc_id: ada, message_id: firstReply.id },
    });
    expect(rewind.data).toEqual({ removed: 4 });
    const after = (await page(token, gameId, ada)).data!.records;
    expect(after.map((r) => r.text)).toEqual([records[0]!.text, firstReply.text]);
    const missing = await api(server, CALLS.chatRewind, {
      token,
      body: { game_id: gameId, npc_id: ada, message_id: records[4]!.id },
    });
    expect(missing.status).toBe(5012);
    const entries = await db()
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, user.id));
    expect(entries.filter((e) => e.type === 'chat_message')).toHaveLength(3);
  });

  it('regenerates the latest reply for 10 gems, once per client id', async () => {
    const { gameId, ada, token } = await setup(30);
    const sent = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Nice weather',
    });
    const replyId = eventOf(sent, 'done')!.reply_id as string;
    const body = {
      game_id: gameId,
      npc_id: ada,
      reply_id: replyId,
      client_message_id: randomUUID(),
    };
    const regen = await chatPost(server, CALLS.chatRegenerate, token, body);
    expect(eventOf(regen, 'accepted')).toMatchObject({ charged_gems: 10, gem_balance: 10 });
    expect(eventOf(regen, 'done')).toBeTruthy();
    const again = await chatPost(server, CALLS.chatRegenerate, token, body);
    expect(eventOf(again, 'accepted')).toMatchObject({ charged_gems: 0, gem_balance: 10 });
    const records = (await page(token, gameId, ada)).data!.records;
    expect(records.map((r) => r.role)).toEqual(['player', 'npc']);
    expect(records[1]!.id).toBe(eventOf(regen, 'done')!.reply_id);
    // The replaced reply is gone: regenerating it again is refused, nothing charged.
    const stale = await chatPost(server, CALLS.chatRegenerate, token, {
      ...body,
      client_message_id: randomUUID(),
    });
    expect(stale.envelope?.status).toBe(5011);
  });

  it('answers info v1 and v2 for a character without a waiting goal', async () => {
    const { gameId, ada, token } = await setup();
    const query = { game_id: String(gameId), npc_id: String(ada) };
    const v1 = await api(server, CALLS.conversationInfo, {
      token,
      query,
      lang: 'ja_JP',
    });
    expect(v1.data).toMatchObject({
      name: 'エイダ',
      greeting: 'あっ！びっくりした。',
      expression: 'dizzy',
      goal: null,
      price_gems: 10,
      engine: 'openai',
    });
    const v2 = await api(server, CALLS.conversationInfoV2, { token, query });
    expect(v2.data).toMatchObject({
      tasks: [],
      npc_status: { health: 100, magic: 50, experience: 0 },
      goal_progress: null,
    });
  });
});
