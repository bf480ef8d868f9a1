import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, walletEntries } from '../src/platform/db/schema/index.js';
import { buildChatGame, chatPost, eventOf, giveGems, sendChat } from './support/chat.js';
import { buildSession } from './support/factories.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// What a reply costs, by the engine that writes it: a model's reply exactly 10 gems, the offline
// engine's authored reply nothing — on the ledger, the balance, the history and conversation info.
let offline: TestServer;
let model: TestServer;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm({ chunkChars: 8 });
  // A daily cap of one: the offline sends below go past it, because it caps model spend only.
  offline = await startTestServer({ CHAT_SENDS_PER_MINUTE: '1000', CHAT_DAILY_REPLY_CAP: '1' });
  model = await startTestServer({ ...llm.env, CHAT_SENDS_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await Promise.all([offline.close(), model.close()]);
  await llm.close();
});

async function setup(server: TestServer, gems: number) {
  const game = await buildChatGame(server.database.db);
  const session = await buildSession(server.database.db);
  if (gems > 0) await giveGems(server, session.user.id, gems);
  return { ...game, ...session };
}

async function ledgerOf(server: TestServer, userId: number) {
  const rows = await server.database.db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return rows.map((r) => [r.type, r.amount]);
}

async function balanceOf(server: TestServer, token: string) {
  const res = await api(server, CALLS.walletBalance, { token, query: { platform_flag: '2' } });
  return res.data!.gem_balance;
}

async function infoOf(server: TestServer, token: string, gameId: number, npcId: number) {
  const query = { game_id: String(gameId), npc_id: String(npcId) };
  const v1 = await api(server, CALLS.conversationInfo, { token, query });
  const v2 = await api(server, CALLS.conversationInfoV2, { token, query });
  return [v1.data, v2.data];
}

async function recordOf(server: TestServer, token: string, gameId: number, npcId: number) {
  const res = await api(server, CALLS.chatRecord, {
    token,
    query: { game_id: String(gameId), npc_id: String(npcId) },
  });
  return res.data!.records.map((r) => [r.role, r.state, r.charged_gems]);
}

describe('a model reply costs exactly 10 gems', () => {
  it('charges one ledger entry of 10 with the message, and says so everywhere', async () => {
    const { gameId, ada, token, user } = await setup(model, 100);
    for (const info of await infoOf(model, token, gameId, ada)) {
      expect(info).toMatchObject({ engine: 'openai', price_gems: 10 });
    }
    llm.script({ text: 'The ledger? Never heard of it.' });
    const answer = await sendChat(model, token, { game_id: gameId, npc_id: ada, text: 'Hi' });
    expect(eventOf(answer, 'accepted')).toMatchObject({ charged_gems: 10, gem_balance: 90 });
    expect(eventOf(answer, 'done')).toMatchObject({ text: 'The ledger? Never heard of it.' });
    expect(await balanceOf(model, token)).toBe(90);
    expect(await ledgerOf(model, user.id)).toEqual([
      ['grant', 100],
      ['chat_message', -10],
    ]);
    expect(await recordOf(model, token, gameId, ada)).toEqual([
      ['player', 'complete', 10],
      ['npc', 'complete', 0],
    ]);
    expect((await checkLedger(model.database.db)).violations).toEqual([]);
  });

  it('refuses a player without 10 gems with SPEC §8 text, charging and storing nothing', async () => {
    const { gameId, ada, token, user } = await setup(model, 9);
    const answer = await sendChat(model, token, { game_id: gameId, npc_id: ada, text: 'Hi' });
    expect(answer.envelope).toMatchObject({
      status: 3001,
      desc: 'Insufficient balance, please recharge first',
    });
    expect(await ledgerOf(model, user.id)).toEqual([['grant', 9]]);
    const rows = await model.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, user.id));
    expect(rows).toEqual([]);
  });
});

describe('an offline reply costs nothing', () => {
  it('answers a player with no gems, writes no ledger entry, and says it is free', async () => {
    const { gameId, ada, token, user } = await setup(offline, 0);
    for (const info of await infoOf(offline, token, gameId, ada)) {
      expect(info).toMatchObject({ engine: 'offline', price_gems: 0 });
    }
    const answer = await sendChat(offline, token, { game_id: gameId, npc_id: ada, text: 'Hello' });
    expect(eventOf(answer, 'accepted')).toMatchObject({ charged_gems: 0, gem_balance: 0 });
    expect(eventOf(answer, 'done')).toMatchObject({ text: 'Hello, hello. Keep your voice down.' });
    expect(await ledgerOf(offline, user.id)).toEqual([]);
    expect(await balanceOf(offline, token)).toBe(0);
    expect(await recordOf(offline, token, gameId, ada)).toEqual([
      ['player', 'complete', 0],
      ['npc', 'complete', 0],
    ]);
    const [row] = await offline.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, user.id));
    expect(row).toMatchObject({ ledgerEntryId: null, chargedGems: 0 });
  });

  it('leaves a balance untouched; a resend replays; the model cap does not count free replies', async () => {
    const { gameId, ada, token, user } = await setup(offline, 50);
    const id = randomUUID();
    const body = { game_id: gameId, npc_id: ada, client_message_id: id, text: 'Cake?' };
    const first = await chatPost(offline, CALLS.chatSend, token, body);
    const again = await chatPost(offline, CALLS.chatSend, token, body);
    expect(eventOf(again, 'accepted')).toMatchObject({
      message_id: eventOf(first, 'accepted')!.message_id,
      charged_gems: 0,
    });
    // Past the daily cap of one: still answered, for free.
    for (const text of ['Hello', 'Cake again?']) {
      const answer = await sendChat(offline, token, { game_id: gameId, npc_id: ada, text });
      expect(eventOf(answer, 'done')).toBeDefined();
    }
    const records = await recordOf(offline, token, gameId, ada);
    expect(records).toHaveLength(6);
    const replyId = eventOf(first, 'accepted')!.reply_id as string;
    expect(replyId).toBeTruthy();
    const latest = (
      await api(offline, CALLS.chatRecord, {
        token,
        query: { game_id: String(gameId), npc_id: String(ada) },
      })
    ).data!.records.at(-1)!;
    const regenerated = await chatPost(offline, CALLS.chatRegenerate, token, {
      game_id: gameId,
      npc_id: ada,
      client_message_id: randomUUID(),
      reply_id: latest.id,
    });
    expect(eventOf(regenerated, 'accepted')).toMatchObject({ charged_gems: 0, gem_balance: 50 });
    expect(await ledgerOf(offline, user.id)).toEqual([['grant', 50]]);
    expect(await balanceOf(offline, token)).toBe(50);
    expect((await checkLedger(offline.database.db)).violations).toEqual([]);
  });
});
