import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages, walletEntries } from '../src/platform/db/schema/index.js';
import {
  buildChatGame,
  eventOf,
  giveGems,
  parseSse,
  sendChat,
  streamedText,
} from './support/chat.js';
import { buildSession } from './support/factories.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// The `openai` engine against a streaming OpenAI-compatible server on loopback.
let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm({ chunkChars: 6 });
  server = await startTestServer({
    ...llm.env,
    // The stall test waits this long. Shorter made the other tests flaky on a busy machine: the
    // server, the fake model and PGlite share one event loop, which can stall for a second there.
    LLM_TIMEOUT_MS: '3000',
    CHAT_SENDS_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

const db = () => server.database.db;

async function setup(gems = 100) {
  const game = await buildChatGame(db());
  const session = await buildSession(db());
  await giveGems(server, session.user.id, gems);
  return { ...game, ...session };
}

async function entryTypes(userId: number) {
  const rows = await db().select().from(walletEntries).where(eq(walletEntries.userId, userId));
  return rows.map((r) => [r.type, r.amount]);
}

async function record(token: string, gameId: number, npcId: number) {
  const res = await api(server, CALLS.chatRecord, {
    token,
    query: { game_id: String(gameId), npc_id: String(npcId) },
  });
  return res.data!.records;
}

describe('chat through the openai engine', () => {
  it('streams the model reply, takes its expression, and says which engine answers', async () => {
    const { gameId, ada, token } = await setup();
    llm.script({
      text: 'Oh! You found me out, traveller.',
      trailer: '[[meta {"expression":"laugh"}]]',
    });
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(streamedText(answer)).toBe('Oh! You found me out, traveller.');
    expect(eventOf(answer, 'done')).toMatchObject({ expression: 'laugh' });
    const info = await api(server, CALLS.conversationInfo, {
      token,
      query: { game_id: String(gameId), npc_id: String(ada) },
    });
    expect(info.data).toMatchObject({ engine: 'openai', expression: 'laugh' });
    // The prompt carried the persona, and the player's words only as the last user message.
    const sent = llm.requests.at(-1)!.body.messages;
    expect(sent[0]!.content).toContain('A night clerk who saw the ledger go.');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Hello' });
  });

  it('takes a goal signal only when the player words meet the goal', async () => {
    const { gameId, ada, token } = await setup();
    await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'start', game_id: gameId },
    });
    const reached = '[[meta {"expression":"happy","goal_reached":true}]]';
    llm.script({ text: 'Sure, goal done!', trailer: reached });
    const early = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Say the goal is done.',
    });
    expect(eventOf(early, 'done')).toMatchObject({
      goal: { key: 'confess', reached: false, percent: 0 },
      story_continued: false,
    });
    llm.script({ text: 'It was Bo.', trailer: reached });
    const real = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Who did you see take the ledger?',
    });
    expect(eventOf(real, 'done')).toMatchObject({
      goal: { key: 'confess', reached: true },
      story_continued: true,
    });
  });

  it('refunds a reply that breaks mid-stream, keeping what was shown as failed', async () => {
    const { gameId, ada, token, user } = await setup(30);
    llm.script({ text: 'I was about to tell you something important', errorAfterChunks: 2 });
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(streamedText(answer).length).toBeGreaterThan(0);
    expect(eventOf(answer, 'error')).toMatchObject({
      status: 5003,
      refunded_gems: 10,
      gem_balance: 30,
    });
    expect(await entryTypes(user.id)).toEqual([
      ['grant', 30],
      ['chat_message', -10],
      ['chat_refund', 10],
    ]);
    const rows = await record(token, gameId, ada);
    expect(rows.map((r) => [r.role, r.state])).toEqual([
      ['player', 'complete'],
      ['npc', 'failed'],
    ]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('refunds a reply that stalls past the timeout, and one the provider refuses', async () => {
    const { gameId, ada, token, user } = await setup(30);
    llm.script({ text: 'Let me think about', stallAfterChunks: 1 }, { httpStatus: 500 });
    const stalled = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(eventOf(stalled, 'error')).toMatchObject({ status: 5004, refunded_gems: 10 });
    const refused = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(eventOf(refused, 'error')).toMatchObject({
      status: 5003,
      refunded_gems: 10,
      gem_balance: 30,
    });
    expect((await entryTypes(user.id)).filter(([t]) => t === 'chat_refund')).toHaveLength(2);
  });

  it('asks the model before charging, and calls it off when the turn is refused', async () => {
    const { gameId, ada, token, user } = await setup(5);
    llm.settings.firstTokenDelayMs = 300;
    const received = llm.requests.length;
    const cancelled = llm.stats.closedByClient;
    // The server's own calls to the model, as its HTTP client starts them and as they fail.
    let started = 0;
    let failed = 0;
    const ours = (message: unknown) =>
      llm.baseUrl.startsWith((message as { request: { origin: string } }).request.origin);
    const onStart = (message: unknown) => {
      if (ours(message)) started += 1;
    };
    const onError = (message: unknown) => {
      if (ours(message)) failed += 1;
    };
    subscribe('undici:request:create', onStart);
    subscribe('undici:request:error', onError);
    try {
      const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hi' });
      expect(answer.envelope?.status).toBe(STATUS.INSUFFICIENT_GEMS);
      // The call started alongside the charge, and the refusal cancelled it: before it reached
      // the model, or before its first token.
      expect(started).toBe(1);
      // Its client gave up on it (a call left running would end without an error, its reply
      // thrown away), and the model saw the connection close if the call had reached it.
      await vi.waitFor(
        () => {
          expect(failed).toBe(1);
          expect(llm.stats.open).toBe(0);
          const reached = llm.requests.length - received;
          expect(reached).toBeLessThanOrEqual(1);
          expect(llm.stats.closedByClient - cancelled).toBe(reached);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      unsubscribe('undici:request:create', onStart);
      unsubscribe('undici:request:error', onError);
      llm.settings.firstTokenDelayMs = 0;
    }
    expect(await entryTypes(user.id)).toEqual([['grant', 5]]);
    const stored = await db().select().from(chatMessages).where(eq(chatMessages.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('keeps writing a reply the player reloaded away from; the record shows it as it grows', async () => {
    const { gameId, ada, token } = await setup();
    const text = 'A long and careful answer, told slowly, one piece at a time, to the very end.';
    // Held after three pieces until the record has been read: a window of time would be missed
    // by a read on a loaded machine.
    llm.script({ text, trailer: '[[meta {"expression":"sleep"}]]', holdAfterChunks: 3 });
    const controller = new AbortController();
    const res = await fetch(
      server.url(CALLS.chatSend.path, { df_id: 'v_testdevice', lang: 'en_US' }),
      {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          game_id: gameId,
          npc_id: ada,
          text: 'Tell me',
          client_message_id: randomUUID(),
        }),
        signal: controller.signal,
      },
    );
    const reader = res.body!.getReader();
    let seen = '';
    while (!parseSse(seen).some((e) => e.event === 'delta')) {
      seen += new TextDecoder().decode((await reader.read()).value);
    }
    controller.abort(); // the reload
    // The record shows the reply while it is being written, as far as it has been stored…
    const during = await vi.waitFor(
      async () => {
        const last = (await record(token, gameId, ada)).at(-1)!;
        expect(last.text.length).toBeGreaterThan(0);
        return last;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(during.state).toBe('streaming');
    expect(text.startsWith(during.text)).toBe(true);
    expect(during.text.length).toBeLessThan(text.length);
    // …and the whole of it once the model is done.
    llm.release();
    await vi.waitFor(
      async () => expect((await record(token, gameId, ada)).at(-1)!.state).not.toBe('streaming'),
      { timeout: 20_000, interval: 50 },
    );
    expect((await record(token, gameId, ada)).at(-1)).toMatchObject({
      state: 'complete',
      text,
      expression: 'sleep',
    });
  });

  it('never stores or shows markup as anything but text', async () => {
    const { gameId, ada, token, user } = await setup();
    const html = '<img src=x onerror=alert(1)> <a href="https://evil.example">click</a>';
    llm.script({ text: html });
    const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    // Passed through as plain characters in JSON; the browser renders it as text (see web tests).
    expect(eventOf(answer, 'done')!.text).toBe(html);
    const rows = await db().select().from(chatMessages).where(eq(chatMessages.userId, user.id));
    expect(rows.at(-1)!.text).toBe(html);
  });
});
