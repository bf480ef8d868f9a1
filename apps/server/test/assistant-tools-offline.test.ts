import { type AssistantMessage, CALLS } from '@taleforge/contracts';
import { ASSISTANT_TOPICS, type Locale } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, supportReports } from '../src/platform/db/schema/index.js';
import {
  type AssistantCatalogue,
  askAssistant,
  buildAssistantCatalogue,
  buildPlayerWorld,
} from './support/assistant.js';
import { ASK, HEARD } from './support/assistant-phrases.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { createOrder, SANDBOX_SECRET } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

// Every tool through the offline engine, asked for in English, Chinese and Japanese: the intent
// is matched in the player's words, the tool reads the player's own world, and the reply is in
// the request's language.

let server: TestServer;
let works: AssistantCatalogue;
let player: Awaited<ReturnType<typeof buildPlayerWorld>>;
beforeAll(async () => {
  server = await startTestServer({
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    ASSISTANT_DAILY_CAP: '1000',
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  works = await buildAssistantCatalogue(server.database.db);
  player = await buildPlayerWorld(server);
});
afterAll(() => server.close());

/** The reply, and the tools its stored row says it used. */
async function ask(text: string, locale: Locale) {
  const res = await askAssistant(server, player.token, text, { lang: locale });
  expect(res.status, `${text}: ${res.desc}`).toBe(200);
  const reply: AssistantMessage = res.data!.reply;
  const [row] = await server.database.db
    .select({ tools: assistantMessages.tools })
    .from(assistantMessages)
    .where(eq(assistantMessages.id, reply.id));
  return { reply, tools: row!.tools.map((t) => t.name) };
}

describe.each(['en_US', 'zh_CN', 'ja_JP'] as const)('the offline engine in %s', (locale) => {
  const asked = ASK[locale];
  const heard = HEARD[locale];

  it('find_works: a romance search answers the romance story and series, titled in the language', async () => {
    const { reply, tools } = await ask(asked.romance!, locale);
    expect(tools).toEqual(['find_works']);
    const ids = reply.works.map((w) => w.id).sort();
    expect(ids).toEqual([works.romanceStory.id, works.romanceSeries.id].sort());
    expect(reply.works.every((w) => w.script_type === 'ROMANCE')).toBe(true);
    expect(reply.text).toContain(heard.romanceTitle);
    const path = `/drama/${works.romanceStory.id}`;
    expect(reply.actions).toContainEqual({
      kind: 'open',
      path,
      label: heard.romanceTitle,
      auto: false,
    });
  });

  it('find_works: a mood and a kind narrow the search to that kind', async () => {
    const { reply } = await ask(asked.scifiSeries!, locale);
    expect(reply.works.map((w) => w.id)).toEqual([works.scifiSeries.id]);
  });

  it('open_work: naming a title opens it at once', async () => {
    const { reply, tools } = await ask(asked.open!, locale);
    expect(tools).toEqual(['find_works', 'open_work']);
    const path = `/drama/${works.mysteryStory.id}`;
    expect(reply.actions).toContainEqual(
      expect.objectContaining({ kind: 'open', path, auto: true }),
    );
    expect(reply.works.map((w) => w.id)).toEqual([works.mysteryStory.id]);
  });

  it('continue_last_game: opens the story the player last played', async () => {
    const { reply, tools } = await ask(asked.resume!, locale);
    expect(tools).toEqual(['continue_last_game']);
    const path = `/drama/${player.gameId}`;
    expect(reply.actions).toEqual([expect.objectContaining({ kind: 'open', path, auto: true })]);
    expect(reply.text).toContain(heard.gameTitle);
  });

  it('wallet_summary: the balance and the 50 gems spent on a chapter', async () => {
    const { reply, tools } = await ask(asked.wallet!, locale);
    expect(tools).toEqual(['wallet_summary']);
    expect(reply.text).toContain(String(player.balance));
    expect(reply.text).toContain('50');
    expect(reply.text).toContain(heard.chapters);
  });

  it('explain_topic: gems, prices, expiry and refunds from the money rules', async () => {
    for (const topic of ASSISTANT_TOPICS) {
      const { reply, tools } = await ask(asked[topic]!, locale);
      expect(tools, topic).toEqual(['explain_topic']);
      expect(reply.text, topic).toContain(heard[topic]);
    }
  });

  it('open_topup: a top-up action, and nothing bought', async () => {
    const { reply, tools } = await ask(asked.topup!, locale);
    expect(tools).toEqual(['open_topup']);
    expect(reply.actions).toEqual([{ kind: 'topup' }]);
  });

  it("explain_payment: the player's own declined order, explained", async () => {
    const { reply, tools } = await ask(asked.payment!, locale);
    expect(tools).toEqual(['explain_payment']);
    expect(reply.text).toContain(player.orderNo);
    expect(reply.text).toContain(heard.declined);
    expect(reply.actions).toEqual([{ kind: 'topup' }]);
  });

  it('report_problem: a draft to consent to, nothing stored for support yet', async () => {
    const { reply, tools } = await ask(asked.report!, locale);
    expect(tools).toEqual(['report_problem']);
    expect(reply.actions).toEqual([{ kind: 'report', draft: asked.report }]);
    expect(await server.database.db.select().from(supportReports)).toEqual([]);
  });

  it('an unknown request gets the list of what it can do', async () => {
    const { reply, tools } = await ask(asked.unknown!, locale);
    expect(tools).toEqual([]);
    expect(reply.text).toContain(heard.help);
  });
});

describe('explain_payment on other outcomes', () => {
  it('a cancelled checkout is explained as cancelled; a player with no such order is told so', async () => {
    const { token } = await buildSession(server.database.db);
    const none = await askAssistant(server, token, 'why did my payment fail?');
    expect(none.data!.reply.text).toBe('I see no failed or cancelled payment on your account.');
    const order = (await createOrder(server, token)).data!;
    const cancelled = await api(server, CALLS.orderCancel, {
      token,
      body: { order_no: order.order_no },
    });
    expect(cancelled.data!.status).toBe('cancelled');
    const res = await askAssistant(server, token, '我的支付被取消了，为什么？', { lang: 'zh_CN' });
    expect(res.data!.reply.text).toContain(order.order_no);
    expect(res.data!.reply.text).toContain('你在付款页面取消了它');
  });
});
