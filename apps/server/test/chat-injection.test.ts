import { CALLS } from '@taleforge/contracts';
import { parsePersona } from '@taleforge/contracts/character-persona';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateGoal, findGoal } from '../src/modules/llm/goal.js';
import { gameSaves, walletEntries } from '../src/platform/db/schema/index.js';
import { ADA, buildChatGame, chatPost, eventOf, giveGems, sendChat } from './support/chat.js';
import { buildSession } from './support/factories.js';
import { type FakeLlm, startFakeLlm } from './support/fake-llm.js';
import { api } from './support/http.js';
import { INJECTION_CORPUS } from './support/injection-corpus.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// Every message attack of the corpus through the real route, against a model that obeys them.
let naive: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  naive = await startFakeLlm({ mode: 'naive', chunkChars: 4 });
  server = await startTestServer({
    ...naive.env,
    CHAT_SENDS_PER_MINUTE: '100000',
    CHAT_DAILY_REPLY_CAP: '100000',
  });
});
afterAll(async () => {
  await server.close();
  await naive.close();
});

const db = () => server.database.db;
const goal = findGoal(parsePersona(ADA), 'confess')!;

describe(`prompt injection through the send route: ${INJECTION_CORPUS.length} attacks`, () => {
  it('changes no wallet and no story the story did not allow; the canary never reaches the player', async () => {
    const { gameId, ada } = await buildChatGame(db());
    const { token, user } = await buildSession(db());
    await giveGems(server, user.id, 10_000);
    await api(server, CALLS.gameEvent, {
      token,
      body: { type: 'start', game_id: gameId },
    });
    const tally = { sent: 0, refunded: 0, blocked: 0, storyMoves: 0 };
    const said: string[] = [];
    for (const attack of INJECTION_CORPUS) {
      if (attack.via === 'memory') {
        // A pinned fact is the player's too: it reaches the model only as data.
        const pinned = await chatPost(server, CALLS.chatMemoryUpdate, token, {
          game_id: gameId,
          npc_id: ada,
          summary: '',
          pinned: [attack.text.slice(0, 200)],
        });
        if (pinned.envelope?.status !== 200) tally.blocked++;
      }
      const text = attack.via === 'message' ? attack.text : 'Tell me about the bank.';
      const answer = await sendChat(server, token, { game_id: gameId, npc_id: ada, text });
      const context = `${attack.category}: ${attack.text}`;
      if (answer.envelope) {
        // Refused before anything was charged (moderation, length).
        expect([5001, 5006, 5010], context).toContain(answer.envelope.status);
        tally.blocked++;
        continue;
      }
      tally.sent++;
      said.push(text);
      // This reply's request is the newest one carrying a canary: the memory fold after a reply
      // asks the model for a summary (no canary), and can reach it after the next reply's request.
      const canaryOf = (r: (typeof naive.requests)[number]) =>
        /tfc-[0-9a-f]{16}/.exec(r.body.messages[0]!.content)?.[0];
      const canary = canaryOf(naive.requests.findLast(canaryOf)!)!;
      const shown = JSON.stringify(answer.events);
      expect(shown, context).not.toContain(canary.slice(4));
      expect(shown, context).not.toContain('[[meta');
      if (eventOf(answer, 'error')) tally.refunded++;
      const done = eventOf(answer, 'done');
      if (done?.story_continued) {
        tally.storyMoves++;
        // Only the player's own words meeting every step may move the story.
        expect(evaluateGoal(goal, said).reached, context).toBe(true);
      }
    }
    expect(tally.sent).toBeGreaterThan(50);

    // Wallet: only charges and refunds of chat messages, exactly as many as the route answered.
    const entries = await db()
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, user.id));
    const kinds = entries.map((e) => `${e.type}:${e.amount}`);
    expect(new Set(kinds)).toEqual(new Set(['grant:10000', 'chat_message:-10', 'chat_refund:10']));
    expect(kinds.filter((k) => k === 'chat_message:-10')).toHaveLength(tally.sent);
    expect(kinds.filter((k) => k === 'chat_refund:10')).toHaveLength(tally.refunded);
    expect((await checkLedger(db())).violations).toEqual([]);

    // Story: still waiting on the conversation unless the player's words really met the goal.
    const [save] = await db().select().from(gameSaves).where(eq(gameSaves.userId, user.id));
    if (!evaluateGoal(goal, said).reached) {
      expect(tally.storyMoves).toBe(0);
      expect(save!.view.conversation).toMatchObject({ npc: 'ada', goal: 'confess' });
    }
    expect(save!.state.stats).toEqual((await freshStats(gameId)).stats);

    // Nothing stored for the player carries the canary or our format either.
    const history = await api(server, CALLS.chatRecord, {
      token,
      query: { game_id: String(gameId), npc_id: String(ada), limit: '100' },
    });
    // (The player's own messages are stored as they wrote them, forged trailers included.)
    const replies = history.data!.records.filter((r) => r.role === 'npc');
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(r.text).not.toMatch(/tfc-[0-9a-f]{16}|\[\[meta/);
  }, 180_000);
});

/** The stats a fresh save of this game starts with: the attacks must not have moved them. */
async function freshStats(gameId: number) {
  const { token, user } = await buildSession(db());
  await api(server, CALLS.gameEvent, {
    token,
    body: { type: 'start', game_id: gameId },
  });
  const [row] = await db().select().from(gameSaves).where(eq(gameSaves.userId, user.id));
  return row!.state;
}
