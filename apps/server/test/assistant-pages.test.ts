import { type AssistantMessage, CALLS } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpublishGame } from '../src/modules/play/index.js';
import { assistantMessages, gameSaves } from '../src/platform/db/schema/index.js';
import { askAssistant, buildPlayerWorld } from './support/assistant.js';
import { api } from './support/http.js';
import { SANDBOX_SECRET } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

// Issue 49 on the real readers: asked on a story's page, the offline engine reads the player's
// own save and the chapters' prices as the play page shows them, changes nothing, and forgets
// the page once the work is no longer published.

let server: TestServer;
let player: Awaited<ReturnType<typeof buildPlayerWorld>>;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    ASSISTANT_DAILY_CAP: '1000',
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  player = await buildPlayerWorld(server);
});
afterAll(() => server.close());

async function ask(text: string, page: string, locale: Locale = 'en_US') {
  const res = await askAssistant(server, player.token, text, { lang: locale, page });
  expect(res.status, `${text}: ${res.desc}`).toBe(200);
  const reply: AssistantMessage = res.data!.reply;
  const [row] = await server.database.db
    .select({ tools: assistantMessages.tools })
    .from(assistantMessages)
    .where(eq(assistantMessages.id, reply.id));
  return { reply, tools: row!.tools };
}

const saveOf = async () => {
  const [row] = await server.database.db
    .select()
    .from(gameSaves)
    .where(and(eq(gameSaves.userId, player.user.id), eq(gameSaves.gameId, player.gameId)));
  return row;
};

describe("the assistant on a story's page", () => {
  it('tells where the player is, the choices open and the task given, and changes nothing', async () => {
    const before = await saveOf();
    const { reply, tools } = await ask(
      'what should I do next in this story?',
      `/drama/${player.gameId}`,
    );
    expect(tools).toEqual([{ name: 'continue_last_game', args: { work_id: player.gameId } }]);
    expect(reply.text).toContain('In The Night Ledger you are in chapter 1 of 2, “One”.');
    expect(reply.text).toContain('“Search the desk”');
    expect(reply.text).toContain('Open tasks (in the Journal): Find the ledger.');
    expect(reply.actions).toEqual([]);
    expect(await saveOf()).toEqual(before);
  });

  it('says it in the interface language', async () => {
    const { reply } = await ask('卡关了，怎么办', `/drama/${player.gameId}`, 'zh_CN');
    expect(reply.text).toContain('你在《The Night Ledger（中文）》第 1 章');
    expect(reply.text).toContain('“搜查书桌”');
  });

  it("gives this player's prices of its chapters, the bought one counted", async () => {
    const { reply, tools } = await ask('is this free?', `/drama/${player.gameId}`);
    expect(tools).toEqual([
      { name: 'explain_topic', args: { topic: 'prices', work_id: player.gameId } },
    ]);
    expect(reply.text).toBe(
      'The Night Ledger has 2 chapters: 1 free, the others 50 gems each; you have unlocked 1 of those.',
    );
    // Nothing left to buy here: no top-up offered.
    expect(reply.actions).toEqual([]);
  });

  it('forgets the page once the work is unpublished', async () => {
    await unpublishGame(server.database.db, player.gameId);
    const { tools } = await ask('what should I do next in this story?', `/drama/${player.gameId}`);
    expect(tools).toEqual([]);
    const state = await api(server, CALLS.assistantState, { token: player.token });
    expect(state.status).toBe(200);
  });
});
