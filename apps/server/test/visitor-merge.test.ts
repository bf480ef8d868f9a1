import { randomUUID } from 'node:crypto';
import { CALLS, type Order } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, conversations, users } from '../src/platform/db/schema/index.js';
import { login, PASSWORD, registerAccount } from './support/accounts.js';
import { buildChatGame, eventOf, giveGems, personaModel, sendChat } from './support/chat.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import {
  createOrder,
  deliverWebhook,
  getOrder,
  SANDBOX_SECRET,
  sandboxEvent,
} from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';
import { newVisitor, visitorLogin } from './support/visitors.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer(
    {
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_SCALE: '1000',
      CHAT_SENDS_PER_MINUTE: '1000',
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    },
    { chatProvider: personaModel() },
  );
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const db = () => server.database.db;

/** A visitor signed in anonymously, with the id and secret its browser holds. */
async function visitor(on = server) {
  const proof = await newVisitor(on);
  const res = await visitorLogin(on, proof);
  return {
    ...proof,
    token: res.data!.access_token,
    uid: res.data!.uid,
    id: await userId(res.data!.uid, on),
  };
}

async function userId(publicId: string, on = server): Promise<number> {
  const [row] = await on.database.db.select().from(users).where(eq(users.publicId, publicId));
  return row!.id;
}

const conversationQuery = (gameId: number, npcId: number) => ({
  game_id: String(gameId),
  npc_id: String(npcId),
});

async function history(token: string, gameId: number, npcId: number) {
  const res = await api(server, CALLS.chatRecord, {
    token,
    query: { ...conversationQuery(gameId, npcId), limit: '50' },
  });
  expect(res.status).toBe(200);
  return res.data!.records.map((r) => [r.role, r.text]);
}

async function balance(token: string, on = server) {
  const res = await api(on, CALLS.walletBalance, {
    token,
    query: { platform_flag: '2' },
  });
  return res.data!.gem_balance;
}

const pay = (order: Order, payer: string) =>
  deliverWebhook(server, sandboxEvent(order, payer, 'payment.succeeded'));

describe('a visitor registers: chats and orders move to the account', () => {
  it('shows the visitor’s conversation and orders to the account; a late webhook credits it', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const guest = await visitor();

    // Gems bought as a visitor, a conversation begun, and a second order left unpaid.
    const paid = (await createOrder(server, guest.token)).data!;
    expect((await pay(paid, guest.uid)).status).toBe(200);
    const bought = paid.gems + paid.bonus_gems;
    expect(await balance(guest.token)).toBe(bought);
    await api(server, CALLS.gameEvent, {
      token: guest.token,
      body: { type: 'start', game_id: gameId },
    });
    const answer = await sendChat(server, guest.token, {
      game_id: gameId,
      npc_id: ada,
      text: 'About the ledger.',
    });
    expect(eventOf(answer, 'done')).toMatchObject({ goal: { percent: 50 } });
    const pending = (await createOrder(server, guest.token, { goods_id: 'gems_30' })).data!;
    expect(pending.status).toBe('processing');

    const registered = await registerAccount(server, smtp, 'merge-new@example.com', {
      dfId: guest.dfId,
      visitorSecret: guest.secret,
    });
    expect(registered.status).toBe(200);
    const token = registered.data!.access_token;

    expect(await history(token, gameId, ada)).toEqual([
      ['player', 'About the ledger.'],
      ['npc', expect.any(String)],
    ]);
    const info = await api(server, CALLS.conversationInfoV2, {
      token,
      query: conversationQuery(gameId, ada),
    });
    // The story still waits on the conversation, and the visitor's words count toward its goal.
    expect(info.data).toMatchObject({ goal: { key: 'confess' }, goal_progress: 50 });
    expect(await balance(token)).toBe(bought - 10);

    expect((await getOrder(server, token, paid.order_no)).data).toMatchObject({
      status: 'success',
    });
    expect((await getOrder(server, token, pending.order_no)).data).toMatchObject({
      status: 'processing',
    });
    expect((await getOrder(server, guest.token, pending.order_no)).status).toBe(
      STATUS.ORDER_NOT_FOUND,
    );

    // The provider still names the visitor as payer: the order, now the account's, credits it.
    const late = await pay(pending, guest.uid);
    expect(late).toMatchObject({ status: 200, data: { result: 'credited' } });
    expect((await getOrder(server, token, pending.order_no)).data).toMatchObject({
      status: 'success',
    });
    expect(await balance(token)).toBe(bought - 10 + pending.gems + pending.bonus_gems);
    expect(await balance(guest.token)).toBe(0);

    // The chat goes on as the account, and reaching the goal moves the account's story on.
    const reached = await sendChat(server, token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Who took the ledger? I saw you.',
    });
    expect(eventOf(reached, 'done')).toMatchObject({ story_continued: true });
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('refuses a webhook naming neither the visitor who paid nor the account', async () => {
    const guest = await visitor();
    const order = (await createOrder(server, guest.token)).data!;
    const registered = await registerAccount(server, smtp, 'merge-stranger@example.com', {
      dfId: guest.dfId,
      visitorSecret: guest.secret,
    });
    const other = await visitor();
    expect((await pay(order, other.uid)).status).toBe(STATUS.WEBHOOK_EVENT_MISMATCH);
    const token = registered.data!.access_token;
    expect((await getOrder(server, token, order.order_no)).data).toMatchObject({
      status: 'processing',
    });
  });
});

describe('a visitor signs in to an account that already talks to the same character', () => {
  it('keeps one conversation with both histories in time order and both memories', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const registered = await registerAccount(server, smtp, 'merge-old@example.com', {
      dfId: 'v_merge_account_device',
    });
    const account = {
      token: registered.data!.access_token,
      id: await userId(registered.data!.uid),
    };
    await giveGems(server, account.id, 100);
    const guest = await visitor();
    await giveGems(server, guest.id, 100);

    const send = (who: { token: string }, text: string, clientId?: string) => {
      server.clock.advance(1_000);
      return sendChat(server, who.token, {
        game_id: gameId,
        npc_id: ada,
        text,
        ...(clientId ? { client_message_id: clientId } : {}),
      });
    };
    // Two devices may well pick the same client id: the visitor's message gives it up.
    const clientId = randomUUID();
    for (const [who, text] of [
      [account, 'Hello from the account.'],
      [guest, 'Hello from the phone.'],
    ] as const) {
      expect(eventOf(await send(who, text, clientId), 'accepted')).toMatchObject({
        charged_gems: 10,
      });
    }
    await send(account, 'Cake, later?');
    await send(guest, 'Do you like cake?');
    for (const [who, fact] of [
      [account, 'My name is Lee.'],
      [guest, 'I came by train.'],
    ] as const) {
      const saved = await api(server, CALLS.chatMemoryUpdate, {
        token: who.token,
        body: { game_id: gameId, npc_id: ada, summary: '', pinned: [fact] },
      });
      expect(saved.status).toBe(200);
    }

    const signedIn = await login(server, 'merge-old@example.com', PASSWORD, guest);
    expect(signedIn.status).toBe(200);
    const token = signedIn.data!.access_token;

    const players = (await history(token, gameId, ada)).filter(([role]) => role === 'player');
    expect(players.map(([, text]) => text)).toEqual([
      'Hello from the account.',
      'Hello from the phone.',
      'Cake, later?',
      'Do you like cake?',
    ]);
    expect(await history(token, gameId, ada)).toHaveLength(8);
    const rows = await db().select().from(conversations).where(eq(conversations.gameId, gameId));
    expect(rows.map((r) => r.userId)).toEqual([account.id]);
    const memory = await api(server, CALLS.chatMemory, {
      token,
      query: conversationQuery(gameId, ada),
    });
    expect(memory.data!.pinned).toEqual(['My name is Lee.', 'I came by train.']);
    // 200 gems less the four messages, all on the account now.
    expect(await balance(token)).toBe(160);

    // Resending the account's own message is still a free replay of its turn.
    const resent = await send({ token }, 'Hello from the account.', clientId);
    expect(eventOf(resent, 'accepted')).toMatchObject({ charged_gems: 0 });
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});

describe('a reply still being written when the visitor signs in', () => {
  let llm: FakeLlm;
  let modelServer: TestServer;
  beforeAll(async () => {
    llm = await startFakeLlm({ chunkChars: 6 });
    modelServer = await startTestServer({
      ...llm.env,
      LLM_TIMEOUT_MS: '3000',
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_SCALE: '1000',
    });
  });
  afterAll(async () => {
    await modelServer.close();
    await llm.close();
  });

  it('refunds the account when it fails after the sign-in', async () => {
    const mdb = modelServer.database.db;
    const { gameId, ada } = await buildChatGame(mdb);
    const guest = await visitor(modelServer);
    await giveGems(modelServer, guest.id, 30);
    llm.script({ text: 'Let me think about', stallAfterChunks: 1 });
    const sending = sendChat(modelServer, guest.token, {
      game_id: gameId,
      npc_id: ada,
      text: 'Hi',
    });
    const streaming = () =>
      mdb
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, guest.id), eq(chatMessages.state, 'streaming')));
    await expect.poll(async () => (await streaming()).length, { timeout: 2_000 }).toBe(1);

    const registered = await registerAccount(modelServer, smtp, 'merge-streaming@example.com', {
      dfId: guest.dfId,
      visitorSecret: guest.secret,
    });
    const token = registered.data!.access_token;
    expect(await balance(token, modelServer)).toBe(20);

    const stalled = await sending;
    expect(eventOf(stalled, 'error')).toMatchObject({ refunded_gems: 10, gem_balance: 30 });
    expect(await balance(token, modelServer)).toBe(30);
    expect(await balance(guest.token, modelServer)).toBe(0);
    expect((await checkLedger(mdb)).violations).toEqual([]);
  });
});
