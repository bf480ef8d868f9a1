// The streaming half of the chat send route, as the chat module runs it: Fastify → prompt
// builder → OpenAI-compatible provider (undici request + SSE parser) → output guard → output
// moderation → SSE writer with backpressure and disconnect → abort. What it leaves out until the
// chat route exists: auth, the database (storing the message, charging 10 gems) and the request
// log line.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { parsePersona } from '@taleforge/contracts/character-persona';
import Fastify from 'fastify';
import { createWordlistModerator } from '../../apps/server/src/modules/chat/moderation.js';
import { openSse } from '../../apps/server/src/modules/chat/sse-writer.js';
import { streamReply } from '../../apps/server/src/modules/chat/stream-reply.js';
import { createOpenAiProvider } from '../../apps/server/src/modules/llm/openai-provider.js';
import type { ReplyRequest } from '../../apps/server/src/modules/llm/provider.js';
import { timeModelCalls } from './timed-model-calls.mjs';

const persona = parsePersona(
  JSON.parse(
    readFileSync(
      new URL('../../apps/server/test/fixtures/personas/captain-vale.json', import.meta.url),
      'utf8',
    ),
  ),
);
/**
 * Per request, inside this process: when it arrived, when the model's first bytes arrived, and
 * when the first delta was handed to the socket. Their difference is what this layer adds,
 * without the client's or the model's scheduling in it.
 */
interface Timing {
  arrived: number;
  modelAsked?: number;
  modelFirstByte?: number;
  firstDelta?: number;
}
const timings: Timing[] = [];
const current = new AsyncLocalStorage<Timing>();
// Published synchronously inside the provider's call, so the request's store is still current.
timeModelCalls(() => current.getStore());

const providers = Object.fromEntries(
  (['fast', 'hold'] as const).map((name) => [
    name,
    createOpenAiProvider({
      baseUrl: process.env[`LLM_${name.toUpperCase()}_URL`] as string,
      model: 'bench',
      idleTimeoutMs: 60_000,
      maxReplyMs: 600_000,
      maxTokens: 400,
    }),
  ]),
);
const moderator = createWordlistModerator();
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
let open = 0;

const REQUEST = {
  persona,
  locale: 'en_US',
  history: [],
  message: 'Hello captain, what a fine ship!',
  storySoFar: 'The player boarded the Brass Kestrel at dawn.',
  goalKey: 'join-the-crew',
  memory: { summary: '', pinned: [] },
} satisfies ReplyRequest;

app.post<{ Querystring: { upstream?: 'fast' | 'hold' } }>('/chat', async (request, reply) => {
  const provider = providers[request.query.upstream ?? 'fast'];
  if (!provider) throw new Error('unknown upstream');
  const timing: Timing = { arrived: performance.now() };
  if (request.query.upstream !== 'hold') timings.push(timing);
  const sse = openSse(reply);
  open++;
  try {
    const outcome = await current.run(timing, () =>
      streamReply({
        events: provider.reply(REQUEST, sse.signal),
        moderator,
        request: REQUEST,
        onDelta: (text) => {
          timing.firstDelta ??= performance.now();
          return sse.send('delta', { text });
        },
      }),
    );
    await sse.send(outcome.kind === 'complete' ? 'done' : 'error', outcome);
  } finally {
    open--;
    sse.end();
  }
});

app.get('/timings', async () => timings.splice(0));

app.get('/memory', async () => {
  (globalThis as { gc?: () => void }).gc?.();
  return { open, ...process.memoryUsage() };
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
