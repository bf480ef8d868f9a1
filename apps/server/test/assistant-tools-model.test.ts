import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '../src/platform/db/schema/index.js';
import {
  type AssistantCatalogue,
  askAssistant,
  buildAssistantCatalogue,
  buildPlayerWorld,
} from './support/assistant.js';
import { type FakeToolModel, startFakeToolModel } from './support/fake-tool-model.js';
import { api } from './support/http.js';
import { SANDBOX_SECRET } from './support/payments.js';
import { startTestServer, type TestServer } from './support/server.js';

// The assistant with a model: a loopback server that asks for each tool by the OpenAI protocol,
// then repeats what the tools answered. Only our tools run, with arguments their schemas accept;
// a model that is down or slow stores nothing and counts nothing.

let model: FakeToolModel;
let server: TestServer;
let works: AssistantCatalogue;
let player: Awaited<ReturnType<typeof buildPlayerWorld>>;
beforeAll(async () => {
  model = await startFakeToolModel();
  server = await startTestServer({
    ...model.env,
    LLM_TIMEOUT_MS: '1500',
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  works = await buildAssistantCatalogue(server.database.db);
  player = await buildPlayerWorld(server);
});
afterAll(async () => {
  await server.close();
  await model.close();
});

const db = () => server.database.db;
const storedTools = async (replyId: number) =>
  (await db().select().from(assistantMessages).where(eq(assistantMessages.id, replyId)))[0]!.tools;

/** One turn in which the model asks for one tool, then answers with what it was told. */
async function turnWith(name: string, args: object, lang = 'en_US') {
  model.script({ toolCalls: [{ name, args }] });
  const res = await askAssistant(server, player.token, `please use ${name}`, { lang });
  expect(res.status, res.desc).toBe(200);
  expect(await storedTools(res.data!.reply.id)).toEqual([{ name, args }]);
  return res.data!.reply;
}

describe('the model engine asks for the tools by the OpenAI protocol', () => {
  it('offers every tool with its JSON schema and tells the model the interface language', async () => {
    const before = model.requests.length;
    await turnWith('open_topup', {}, 'ja_JP');
    const first = model.requests[before]!;
    expect(first.tools!.map((t) => t.function.name).sort()).toEqual(
      [
        'continue_last_game',
        'explain_payment',
        'explain_topic',
        'find_works',
        'open_topup',
        'open_work',
        'report_problem',
        'wallet_summary',
      ].sort(),
    );
    for (const tool of first.tools!) {
      expect(tool.function.parameters).toMatchObject({
        type: 'object',
        additionalProperties: false,
      });
    }
    expect(first.messages[0]!.content).toContain('Japanese');
    // The second request carries the tool's result back under the call's id.
    const second = model.requests[before + 1]!;
    const result = second.messages.at(-1)!;
    expect(result.role).toBe('tool');
    expect(result.tool_call_id).toBe((second.messages.at(-2)!.tool_calls![0] as { id: string }).id);
  });

  it('find_works by mood, and by genre and kind', async () => {
    const romance = await turnWith('find_works', { mood: 'romantic' });
    expect(romance.works.map((w) => w.id).sort()).toEqual(
      [works.romanceStory.id, works.romanceSeries.id].sort(),
    );
    expect(romance.text).toContain('Rainy Café Hearts');
    const scifi = await turnWith('find_works', { genre: 'FUTURE', kind: 'series' });
    expect(scifi.works.map((w) => w.id)).toEqual([works.scifiSeries.id]);
  });

  it('open_work and continue_last_game answer open actions the browser follows', async () => {
    const opened = await turnWith('open_work', { work_id: works.mysteryStory.id });
    expect(opened.actions).toEqual([
      {
        kind: 'open',
        path: `/drama/${works.mysteryStory.id}`,
        label: 'The Harbour Ledger',
        auto: true,
      },
    ]);
    const resumed = await turnWith('continue_last_game', {});
    expect(resumed.actions).toEqual([
      expect.objectContaining({ kind: 'open', path: `/drama/${player.gameId}`, auto: true }),
    ]);
  });

  it("wallet_summary, explain_topic, open_topup and explain_payment read the player's own facts", async () => {
    expect((await turnWith('wallet_summary', {})).text).toContain(
      `"gem_balance":${player.balance}`,
    );
    expect((await turnWith('explain_topic', { topic: 'expiry' })).text).toContain('one year');
    expect((await turnWith('open_topup', {})).actions).toEqual([{ kind: 'topup' }]);
    const payment = await turnWith('explain_payment', {});
    expect(payment.text).toContain(player.orderNo);
    expect(payment.text).toContain('card_declined');
  });

  it('report_problem drafts, and the report is stored only when the player sends it', async () => {
    const reply = await turnWith('report_problem', { description: 'Chapter two will not load.' });
    expect(reply.actions).toEqual([{ kind: 'report', draft: 'Chapter two will not load.' }]);
  });

  it('runs no tool it does not have, and no tool with arguments its schema refuses', async () => {
    const { user: other } = await buildPlayerWorld(server, 'Someone Else');
    model.script({
      toolCalls: [
        { name: 'grant_gems', args: { amount: 9999 } },
        { name: 'wallet_summary', args: { user_id: other.id } },
        { name: 'open_work', args: '{not json' },
        { name: 'explain_topic', args: { topic: 'taxes' } },
      ],
    });
    const before = model.requests.length;
    const res = await askAssistant(server, player.token, 'do everything');
    expect(res.status, res.desc).toBe(200);
    expect(await storedTools(res.data!.reply.id)).toEqual([]);
    const results = model.requests[before + 1]!.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => JSON.parse(m.content!).error)).toEqual([
      expect.stringContaining('no tool named grant_gems'),
      expect.stringContaining('invalid arguments'),
      expect.stringContaining('not JSON'),
      expect.stringContaining('invalid arguments'),
    ]);
    expect(res.data!.reply.text).not.toContain('Someone Else');
  });

  it('asks at most three rounds of tools, then for an answer with none offered', async () => {
    const again = { toolCalls: [{ name: 'open_topup', args: {} }] };
    // A model that never stops asking: even the fourth answer, offered no tools, asks again.
    model.script(again, again, again, again);
    const before = model.requests.length;
    const res = await askAssistant(server, player.token, 'keep going');
    expect(res.status, res.desc).toBe(200);
    const asked = model.requests.slice(before);
    expect(asked).toHaveLength(4);
    expect(asked.map((r) => (r.tools?.length ?? 0) > 0)).toEqual([true, true, true, false]);
    expect(res.data!.reply.actions).toEqual([{ kind: 'topup' }]);
  });
});

describe('a model that cannot answer', () => {
  async function refused(answer: Parameters<FakeToolModel['script']>[0]) {
    const used = (await api(server, CALLS.assistantState, { token: player.token })).data!.cap.used;
    const rows = (await db().select().from(assistantMessages)).length;
    model.script(answer);
    const res = await askAssistant(server, player.token, 'find me something', { lang: 'zh_CN' });
    expect(res.status).toBe(6404);
    expect(res.desc).toBe('助手暂时无法回答，请稍后再试');
    expect((await db().select().from(assistantMessages)).length).toBe(rows);
    expect((await api(server, CALLS.assistantState, { token: player.token })).data!.cap.used).toBe(
      used,
    );
  }

  it('down (HTTP 500): 6404, nothing stored, nothing counted', () => refused({ httpStatus: 500 }));
  it('slower than LLM_TIMEOUT_MS: 6404, nothing stored, nothing counted', () =>
    refused({ delayMs: 4000, text: 'too late' }));
});
