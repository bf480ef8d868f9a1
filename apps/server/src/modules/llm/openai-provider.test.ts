import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../test/support/fake-llm.js';
import { buildReplyRequest, loadDemoPersona } from '../../../test/support/personas.js';
import { SETTLED } from '../../../test/support/settled.js';
import { loadConfig } from '../../config.js';
import { createModelProvider } from './create-provider.js';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider.js';
import { ModelError, type ReplyEvent, type ReplyRequest, type ReplyResult } from './provider.js';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm({ chunkChars: 3 });
});
afterAll(() => fake.close());
beforeEach(async () => {
  // A test's cancelled stream closes after it ends: counted before the next test reads counts.
  await expect.poll(() => fake.stats.open, SETTLED).toBe(0);
  fake.requests.length = 0;
  fake.settings.firstTokenDelayMs = 0;
  fake.settings.tokenDelayMs = 0;
});

function provider(overrides: Partial<OpenAiProviderOptions> = {}) {
  return createOpenAiProvider({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'fake-model',
    idleTimeoutMs: 2_000,
    maxReplyMs: 10_000,
    maxTokens: 300,
    ...overrides,
  });
}

async function collect(
  request: ReplyRequest,
  options: Partial<OpenAiProviderOptions> = {},
  signal?: AbortSignal,
) {
  const deltas: string[] = [];
  let result: ReplyResult | undefined;
  for await (const event of provider(options).reply(request, signal) as AsyncIterable<ReplyEvent>) {
    if (event.type === 'delta') deltas.push(event.text);
    else result = event.result;
  }
  return { deltas, result: result as ReplyResult };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

const vale = loadDemoPersona('captain-vale');

describe('openai provider against a streaming OpenAI-compatible server', () => {
  it('streams deltas and reads the expression from the trailer, which the player never sees', async () => {
    fake.script({
      text: 'Ha! Welcome aboard, sparrow.',
      trailer: '[[meta {"expression":"laugh"}]]',
    });
    const { deltas, result } = await collect(buildReplyRequest({ persona: vale }));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('Ha! Welcome aboard, sparrow.');
    expect(result).toEqual({
      text: 'Ha! Welcome aboard, sparrow.',
      expression: 'laugh',
      goal: null,
      withheld: false,
    });
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({ model: 'fake-model', stream: true, max_tokens: 300 });
  });

  it('is what the configuration builds once LLM_BASE_URL and LLM_MODEL are set', async () => {
    const configured = createModelProvider(loadConfig({ ...fake.env, LLM_API_KEY: 'sk-env' }));
    expect(configured.name).toBe('openai');
    fake.script({ text: 'Aye.', trailer: '[[meta {"expression":"grin"}]]' });
    const events = [];
    for await (const event of configured.reply(buildReplyRequest({ persona: vale }))) {
      events.push(event);
    }
    expect(events.at(-1)).toMatchObject({ type: 'final', result: { expression: 'grin' } });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-env');
    expect(fake.requests.at(-1)?.body.model).toBe('fake-model');
    expect(createModelProvider(loadConfig({})).name).toBe('offline');
  });

  it.each([
    ['an unknown expression', '[[meta {"expression":"smug"}]]'],
    ['a broken trailer', '[[meta {"expression":'],
    ['no trailer at all', null],
    ['a trailer that is not an object', '[[meta ["happy"]]]'],
  ])('falls back to normal on %s', async (_, trailer) => {
    fake.script({ text: 'Aye.', trailer });
    const { result } = await collect(buildReplyRequest({ persona: vale }));
    expect(result.expression).toBe('normal');
    expect(result.text.trim()).toBe('Aye.');
  });

  it('turns goal_reached into a proposal for the goal the story set, and only then', async () => {
    const trailer = '[[meta {"expression":"happy","goal_reached":true}]]';
    fake.script({ text: 'Welcome aboard!', trailer }, { text: 'Welcome aboard!', trailer });
    const withGoal = await collect(
      buildReplyRequest({ persona: vale, goalKey: 'join-the-crew', message: 'I swear' }),
    );
    expect(withGoal.result.goal).toEqual({ key: 'join-the-crew' });
    expect(withGoal.result.expression).toBe('happy');
    const withoutGoal = await collect(buildReplyRequest({ persona: vale, message: 'I swear' }));
    expect(withoutGoal.result.goal).toBeNull();
  });

  it('tells the model the goal and the trailer format only when a goal is set', async () => {
    fake.script({ text: 'x' }, { text: 'x' });
    await collect(buildReplyRequest({ persona: vale, goalKey: 'join-the-crew' }));
    await collect(buildReplyRequest({ persona: vale }));
    const [withGoal, without] = fake.requests.map((r) => r.body.messages[0]?.content ?? '');
    expect(withGoal).toContain('Convince Captain Vale to take you on');
    expect(withGoal).toContain('goal_reached');
    expect(without).not.toContain('goal_reached');
  });

  it('fails as upstream when the provider errors mid-stream, after the deltas already sent', async () => {
    fake.script({ text: 'One moment, sparrow, I was just', errorAfterChunks: 4 });
    const deltas: string[] = [];
    const error = await failure(
      (async () => {
        for await (const e of provider().reply(buildReplyRequest({ persona: vale }))) {
          if (e.type === 'delta') deltas.push(e.text);
        }
      })(),
    );
    expect(error.kind).toBe('upstream');
    expect(error.message).toMatch(/overloaded/);
    expect(deltas.join('')).toBe('One moment,');
  });

  it('fails as upstream when the connection drops or the stream is cut off', async () => {
    fake.script({ text: 'Half a sentence and', dropAfterChunks: 2 });
    expect((await failure(collect(buildReplyRequest()))).kind).toBe('upstream');
    fake.script({ text: 'No ending here', truncate: true });
    expect((await failure(collect(buildReplyRequest()))).kind).toBe('upstream');
  });

  it('fails as upstream on an HTTP error answer', async () => {
    fake.script({ httpStatus: 503 });
    const error = await failure(collect(buildReplyRequest()));
    expect(error.kind).toBe('upstream');
    expect(error.message).toMatch(/HTTP 503/);
  });

  it('times out when the first token does not come, and cancels the upstream request', async () => {
    // The first token is far enough away that a stalled machine still times out long before it.
    fake.settings.firstTokenDelayMs = 10_000;
    const before = fake.stats.closedByClient;
    const started = Date.now();
    const error = await failure(collect(buildReplyRequest(), { idleTimeoutMs: 150 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => fake.stats.closedByClient, SETTLED).toBe(before + 1);
  });

  it('times out when the stream goes silent mid-reply', async () => {
    fake.script({ text: 'I was saying that', stallAfterChunks: 3 });
    const error = await failure(collect(buildReplyRequest(), { idleTimeoutMs: 150 }));
    expect(error.kind).toBe('timeout');
  });

  it('stops at the total reply limit even while tokens keep coming', async () => {
    fake.settings.tokenDelayMs = 50;
    fake.script({ text: 'a'.repeat(300) });
    const error = await failure(collect(buildReplyRequest(), { maxReplyMs: 1_000 }));
    expect(error.kind).toBe('timeout');
  });

  it('aborts upstream when the caller aborts, and says so', async () => {
    fake.settings.tokenDelayMs = 30;
    fake.script({ text: 'a long and winding tale of the sky'.repeat(5) });
    const before = fake.stats.closedByClient;
    const controller = new AbortController();
    const answer = failure(collect(buildReplyRequest(), {}, controller.signal));
    // Aborted once the request is upstream: a timer could fire before it got there.
    await expect.poll(() => fake.stats.open, SETTLED).toBeGreaterThan(0);
    controller.abort();
    const error = await answer;
    expect(error.kind).toBe('aborted');
    await expect.poll(() => fake.stats.closedByClient, SETTLED).toBe(before + 1);
  });

  it('cancels upstream when the consumer stops reading', async () => {
    fake.settings.tokenDelayMs = 30;
    fake.script({ text: 'words '.repeat(50) });
    const before = fake.stats.closedByClient;
    for await (const event of provider().reply(buildReplyRequest())) {
      if (event.type === 'delta') break;
    }
    await expect.poll(() => fake.stats.closedByClient, SETTLED).toBe(before + 1);
  });

  it('refuses something that is not an OpenAI-compatible stream', async () => {
    fake.script({ raw: 'data: <html>oops</html>\n\n' });
    const error = await failure(collect(buildReplyRequest()));
    expect(error.kind).toBe('protocol');
  });

  it('passes Chinese, Japanese and emoji through whole, an emoji split between two chunks', async () => {
    fake.settings.tokenDelayMs = 5;
    // chunkChars is 3 UTF-16 units: the rocket's surrogate pair arrives in two chunks.
    fake.script({ text: '星の海へ、ようこそ。🚀 Welcome.' });
    const { deltas } = await collect(buildReplyRequest());
    expect(deltas.join('')).toBe('星の海へ、ようこそ。🚀 Welcome.');
  });
});
