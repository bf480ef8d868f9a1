// The three services of a voice turn as one process of loopback fakes, each answering after a
// FIXED delay, so whatever a turn takes beyond those delays is ours (or the loopback's, which the
// baseline measures): the transcription and speech fakes of the integration tests, and a minimal
// OpenAI-compatible model that asks for a tool once, then answers.
//
// Prints its model base URL, then its speech base URL, one a line; GET <model>/stats answers
// how many calls each service has had.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeSpeech } from '../../apps/server/test/support/fake-speech.js';

const delays = {
  stt: Number(process.env.STT_DELAY_MS ?? 100),
  model: Number(process.env.MODEL_DELAY_MS ?? 100),
  tts: Number(process.env.TTS_DELAY_MS ?? 100),
};
/** The tool the model asks for (the first offered whose name has "search" or "find" when unset). */
const TOOL = process.env.MODEL_TOOL;
const TOOL_ARGS = process.env.MODEL_TOOL_ARGS ?? '{"query":"romance"}';
const REPLY = 'Here are two romance stories you might like.';

const speech = await startFakeSpeech({
  transcriptionDelayMs: delays.stt,
  speechDelayMs: delays.tts,
  transcripts: { en: 'find me a romance story' },
});
let modelCalls = 0;

interface ChatBody {
  stream?: boolean;
  model: string;
  tools?: { function: { name: string } }[];
  messages: { role: string }[];
}

function toolToCall(body: ChatBody): string | null {
  if (!body.tools?.length || body.messages.some((m) => m.role === 'tool')) return null;
  const names = body.tools.map((t) => t.function.name);
  return TOOL ?? names.find((n) => /search|find/i.test(n)) ?? null;
}

function answer(res: ServerResponse, body: ChatBody) {
  const tool = toolToCall(body);
  const call = tool
    ? [
        {
          index: 0,
          id: `call_${modelCalls}`,
          type: 'function',
          function: { name: tool, arguments: TOOL_ARGS },
        },
      ]
    : null;
  const finish = call ? 'tool_calls' : 'stop';
  const base = {
    id: `chatcmpl-${modelCalls}`,
    model: body.model,
    created: Math.floor(Date.now() / 1000),
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const message = call
      ? { role: 'assistant', content: null, tool_calls: call }
      : { role: 'assistant', content: REPLY };
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finish }],
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finish_reason: string | null = null) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason }] })}\n\n`;
  res.write(chunk({ role: 'assistant', ...(call ? { tool_calls: call } : { content: REPLY }) }));
  res.end(`${chunk({}, finish)}data: [DONE]\n\n`);
}

const model = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        stt: speech.received.transcriptions.length,
        model: modelCalls,
        tts: speech.received.speech.length,
        delays,
      }),
    );
    return;
  }
  let raw = '';
  for await (const chunk of req) raw += chunk;
  modelCalls += 1;
  await new Promise((r) => setTimeout(r, delays.model));
  answer(res, JSON.parse(raw) as ChatBody);
});
await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));

process.stdout.write(
  `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1\n${speech.baseUrl}\n`,
);
process.on('SIGTERM', () => {
  model.close();
  speech.close().then(() => process.exit(0));
});
