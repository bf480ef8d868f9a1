import { randomUUID } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages, walletEntries } from '../src/platform/db/schema/index.js';
import { buildChatGame, giveGems } from './support/chat.js';
import { buildSession } from './support/factories.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import { replyUnderWay } from './support/node-load.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// A reply whose writer is gone (its node killed) is ended by the sweep of another. Here the writer
// is alive but stalled, and the clock moves past the longest a reply may take: the sweep ends it
// first, then the writer's own time-out refunds it again — and the player is still paid once.

let server: TestServer;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm({ chunkChars: 6 });
  server = await startTestServer({
    ...llm.env,
    CHAT_SENDS_PER_MINUTE: '1000',
    // The writer's own time-outs run on real time: far enough away that a stalled machine still
    // lets the sweep, on the test's clock, end the reply first.
    LLM_MAX_REPLY_MS: '6000',
    LLM_TIMEOUT_MS: '6000',
    WALLET_JOB_INTERVAL_MS: '100',
  });
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

describe('abandoned replies', () => {
  it('ends a reply past its longest time as failed and refunds it once, whoever ends it last', async () => {
    const { gameId, ada } = await buildChatGame(server.database.db);
    const { user, token } = await buildSession(server.database.db);
    await giveGems(server, user.id, 30);
    llm.script({ text: 'Let me think about', stallAfterChunks: 1 });
    const cut = await replyUnderWay(server, token, {
      game_id: gameId,
      npc_id: ada,
      client_message_id: randomUUID(),
      text: 'Hello',
    });
    const [reply] = await server.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.role, 'npc')));
    expect(reply!.state).toBe('streaming');

    // Not yet past LLM_MAX_REPLY_MS and the margin: the sweep leaves a reply that may be alive.
    server.clock.advance(6_000);
    await new Promise((r) => setTimeout(r, 300));
    const [still] = await server.database.db
      .select({ state: chatMessages.state })
      .from(chatMessages)
      .where(eq(chatMessages.id, reply!.id));
    expect(still!.state).toBe('streaming');

    server.clock.advance(10_000);
    await vi.waitFor(
      async () => {
        const record = await api(server, CALLS.chatRecord, {
          token,
          query: { game_id: gameId, npc_id: ada },
        });
        expect(record.data!.records.map((r) => r.state)).toEqual(['complete', 'failed']);
      },
      { timeout: 5_000, interval: 50 },
    );
    // The stalled writer gives up by its own time-out and refunds under the same key, then says so.
    expect(await cut.rest()).toContain('event: error');
    const refunds = await server.database.db
      .select({ amount: walletEntries.amount })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, user.id), eq(walletEntries.type, 'chat_refund')));
    expect(refunds).toEqual([{ amount: 10 }]);
    const balance = await api(server, CALLS.walletBalance, {
      token,
      query: { platform_flag: '2' },
    });
    expect(balance.data!.gem_balance).toBe(30);
    expect((await checkLedger(server.database.db)).violations).toEqual([]);
  });
});
