// The webServer of the journeys whose characters a model answers: the real built server, asking
// a loopback OpenAI-compatible model (the one the integration tests script) that is listening
// before the server starts. Its replies cost SPEC §9's 10 gems, unlike the offline engine's.
//
// Run with `node --import tsx e2e/support/model-server.ts`; stops (with everything) on SIGTERM.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeLlm } from '../../apps/server/test/support/fake-llm';
import { LLM_PORT, MODEL_REPLY } from './env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// Written a few characters at a time, as a model streams.
const llm = await startFakeLlm({
  port: LLM_PORT,
  chunkWords: true,
  tokenDelayMs: 30,
  fallback: { text: MODEL_REPLY, trailer: '[[meta {"expression":"observe"}]]' },
});
process.env.LLM_PROVIDER = 'openai';
process.env.LLM_BASE_URL = llm.env.LLM_BASE_URL;
process.env.LLM_MODEL = llm.env.LLM_MODEL;

await import(join(repoRoot, 'apps/server/dist/main.js'));
