// The test fixture (an OpenAI-compatible streaming server) as its own process, so the benchmark
// measures our server from outside and the model's side does not share its event loop.
import { startFakeLlm } from '../../apps/server/test/support/fake-llm.js';

const fake = await startFakeLlm({
  firstTokenDelayMs: Number(process.env.FIRST_TOKEN_DELAY_MS ?? 200),
  tokenDelayMs: Number(process.env.TOKEN_DELAY_MS ?? 10),
  chunkWords: true,
  fallback: {
    text: (
      process.env.REPLY_TEXT ?? 'Ha! Welcome aboard the Brass Kestrel, sparrow. Grab a rope!'
    ).repeat(Number(process.env.REPLY_REPEAT ?? 1)),
    trailer: '[[meta {"expression":"laugh"}]]',
  },
});
// The parent reads the address from the first line.
process.stdout.write(`${fake.baseUrl}\n`);
process.on('SIGTERM', () => {
  fake.close().then(() => process.exit(0));
});
