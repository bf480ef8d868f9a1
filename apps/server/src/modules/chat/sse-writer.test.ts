import { request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { statusMessage } from '@taleforge/contracts/status';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../test/support/fake-llm.js';
import { buildReplyRequest, loadDemoPersona } from '../../../test/support/personas.js';
import { SETTLED } from '../../../test/support/settled.js';
import { createOpenAiProvider } from '../llm/index.js';
import { createWordlistModerator } from './moderation.js';
import { openSse } from './sse-writer.js';
import { failureStatus, type ReplyOutcome, streamReply } from './stream-reply.js';

// The send route's streaming half as the chat module will run it: provider → output moderation
// → SSE writer, with the client's disconnect cancelling the model.
let fake: FakeLlm;
let app: FastifyInstance;
let base: string;
const outcomes: ReplyOutcome[] = [];
/** What the flood route did: events sent, and the listeners a wait could leave on its response
 * (close, drain, error) at its start and at its end. */
let flood = { sent: 0, listenersAtOpen: 0, listenersAtEnd: 0 };
const waitListeners = (res: ServerResponse) =>
  res.listenerCount('close') + res.listenerCount('drain') + res.listenerCount('error');

beforeAll(async () => {
  fake = await startFakeLlm({ chunkChars: 4 });
  const provider = createOpenAiProvider({
    baseUrl: fake.baseUrl,
    model: 'fake',
    // Long enough that a descheduled process (its timers run before its sockets are read) does
    // not time out a reply whose next piece is already waiting.
    idleTimeoutMs: 1_500,
    maxReplyMs: 5_000,
    maxTokens: 100,
  });
  app = Fastify();
  app.post('/chat', async (_request, reply) => {
    const sse = openSse(reply, { heartbeatMs: 50 });
    const request = buildReplyRequest({ persona: loadDemoPersona('captain-vale') });
    const outcome = await streamReply({
      events: provider.reply(request, sse.signal),
      moderator: createWordlistModerator(),
      request,
      onDelta: (text) => sse.send('delta', { text }),
    });
    outcomes.push(outcome);
    if (outcome.kind === 'complete') {
      await sse.send('done', { text: outcome.text, expression: outcome.expression });
    } else {
      const status = failureStatus(outcome.reason);
      await sse.send('error', { status, desc: statusMessage(status, 'en_US') });
    }
    sse.end();
  });
  app.post('/flood', async (_request, reply) => {
    const sse = openSse(reply);
    flood.listenersAtOpen = waitListeners(reply.raw);
    const block = 'x'.repeat(16 * 1024);
    for (flood.sent = 0; flood.sent < 2_000 && !sse.signal.aborted; flood.sent++) {
      await sse.send('delta', { text: block });
    }
    flood.listenersAtEnd = waitListeners(reply.raw);
    sse.end();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.settings.tokenDelayMs = 0;
  outcomes.length = 0;
});

async function readEvents(path: string, signal?: AbortSignal): Promise<EventSourceMessage[]> {
  const response = await fetch(`${base}${path}`, { method: 'POST', signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(bytes, { stream: true }));
  }
  return events;
}

// 32 MiB through a paused reader and a 1.5 s stall: more than a unit test's 5 s when both cores
// are busy.
describe('SSE writer with a streamed reply', { timeout: 30_000 }, () => {
  it('sends deltas as they come, then done with the expression', async () => {
    fake.script({ text: 'Ha! Welcome aboard!', trailer: '[[meta {"expression":"laugh"}]]' });
    const events = await readEvents('/chat');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((e) => JSON.parse(e.data).text).join('')).toBe('Ha! Welcome aboard!');
    expect(events.at(-1)).toMatchObject({ event: 'done' });
    expect(JSON.parse(events.at(-1)?.data ?? '{}')).toEqual({
      text: 'Ha! Welcome aboard!',
      expression: 'laugh',
    });
  });

  it('ends with an error event when the provider fails mid-stream', async () => {
    fake.script({ text: 'I was about to say something', errorAfterChunks: 3 });
    const events = await readEvents('/chat');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(JSON.parse(events.at(-1)?.data ?? '{}')).toEqual({
      status: 5003,
      desc: 'The character cannot answer right now. Your gems have been returned',
    });
    expect(outcomes[0]).toMatchObject({ kind: 'failed', reason: 'upstream' });
  });

  it('holds back a reply that output moderation blocks', async () => {
    fake.script({ text: 'Listen, sparrow: kill yourself.' });
    const events = await readEvents('/chat');
    const shown = events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data).text);
    expect(shown.join('')).not.toMatch(/kill yourself/);
    expect(events.at(-1)?.event).toBe('error');
    expect(JSON.parse(events.at(-1)?.data ?? '{}').status).toBe(5002);
  });

  it('sends heartbeats while the model is slow, and times out with 5004', async () => {
    fake.script({ text: 'Hmm, let me think', stallAfterChunks: 1 });
    const raw = await (await fetch(`${base}/chat`, { method: 'POST' })).text();
    expect(raw).toContain(': ping');
    expect(raw).toContain('"status":5004');
  });

  it('cancels the model when the player goes away', async () => {
    fake.settings.tokenDelayMs = 40;
    fake.script({ text: 'a long story about the sky '.repeat(10) });
    // The timed-out stream before this one may still be closing.
    await expect.poll(() => fake.stats.open, SETTLED).toBe(0);
    const before = fake.stats.closedByClient;
    const controller = new AbortController();
    const reading = readEvents('/chat', controller.signal).catch(() => null);
    await expect.poll(() => fake.stats.open, SETTLED).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    await reading;
    await expect.poll(() => fake.stats.closedByClient, SETTLED).toBe(before + 1);
    await expect
      .poll(() => outcomes[0], SETTLED)
      .toMatchObject({ kind: 'failed', reason: 'aborted' });
  });

  it('waits for a slow reader instead of buffering everything', async () => {
    flood = { sent: 0, listenersAtOpen: 0, listenersAtEnd: 0 };
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/flood`, { method: 'POST' }, (res) => {
        res.pause();
        setTimeout(() => {
          // 2,000 events of 16 KiB = 32 MiB; a paused reader must have stopped the writer early.
          // Without backpressure all 2,000 would be queued at once; kernel socket buffers hold
          // a few MiB (about 250 events here), so half is a safe line between the two.
          expect(flood.sent).toBeLessThan(1_000);
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => resolve(bytes));
          res.resume();
        }, 300);
      });
      req.on('error', reject);
      req.end();
    });
    expect(flood.sent).toBe(2_000);
    expect(received).toBeGreaterThan(2_000 * 16 * 1024);
    // Every wait for the reader (hundreds here) leaves no listener behind on the response.
    expect(flood.listenersAtEnd).toBe(flood.listenersAtOpen);
  });
});
