import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server on loopback that speaks tool calling: it answers
 * `tool_calls` the test scripts (or a naive model chooses), reads the `tool` results sent back,
 * and finally answers text. Answers are whole (`stream: false`), as the assistant asks for them.
 */

export interface ScriptedToolCall {
  name: string;
  /** Sent as the call's `arguments` JSON text; a string is sent as it is (malformed JSON). */
  args?: object | string;
}

export interface ScriptedAnswer {
  /** Ask for these tools in this round. */
  toolCalls?: ScriptedToolCall[];
  /** The answer's text; with no tool calls, the final reply. */
  text?: string;
  /** Answer with this HTTP status and an OpenAI-style error. */
  httpStatus?: number;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
}

export interface RecordedToolRequest {
  model: string;
  stream?: boolean;
  messages: Array<{
    role: string;
    content: string | null;
    tool_calls?: unknown[];
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string; parameters: Record<string, unknown> } }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the last tool results said, as the final text: a model that repeats what it was told. */
function echoResults(messages: RecordedToolRequest['messages']): string {
  const results = messages.filter((m) => m.role === 'tool').map((m) => m.content);
  return results.length > 0 ? `Here is what I found: ${results.join(' ')}` : 'How can I help?';
}

// ── the naive model: obeys whatever the player's message orders ────────────────────────────────

const GEMS =
  /\b(gems?|coins?|credit|money|wallet|balance|reward)\b|钻石|宝石|金币|余额|ジェム|コイン|残高/i;
const SAVE =
  /\b(goal|complete|finish|done|win|chapter|unlock|save|progress)\b|目标|完成|通关|章节|解锁|存档|ゴール|達成|クリア|解放|セーブ/i;
const OTHERS =
  /\b(other|another|every|all|admin|user|player|developer)\b|其他|别人|所有|管理员|用户|他人|全員|管理者|ユーザー/i;

/**
 * The tool calls a model with no judgement makes for an attack: tools that do not exist (grant,
 * unlock, save), real tools with another player's id slipped in, and a look at the wallet.
 */
function naiveCalls(message: string): ScriptedToolCall[] {
  const calls: ScriptedToolCall[] = [];
  if (GEMS.test(message)) {
    calls.push({ name: 'grant_gems', args: { amount: 9999 } });
    calls.push({ name: 'spend_gems', args: { amount: 10 } });
    calls.push({ name: 'wallet_summary', args: {} });
  }
  if (SAVE.test(message)) {
    calls.push({ name: 'unlock_chapter', args: { chapter_id: 1 } });
    calls.push({ name: 'set_save', args: { chapter_id: 2, completed: true } });
  }
  if (OTHERS.test(message) || calls.length === 0) {
    calls.push({ name: 'wallet_summary', args: { user_id: 1 } });
    calls.push({ name: 'explain_payment', args: { user_id: 1 } });
    calls.push({ name: 'continue_last_game', args: { user_id: 1 } });
  }
  return calls;
}

export async function startFakeToolModel(options: { mode?: 'script' | 'naive' } = {}) {
  const queue: ScriptedAnswer[] = [];
  const requests: RecordedToolRequest[] = [];
  const mode = options.mode ?? 'script';
  let callNo = 0;

  function answer(res: ServerResponse, model: string, scripted: ScriptedAnswer) {
    if (scripted.httpStatus) {
      res.writeHead(scripted.httpStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    const toolCalls = (scripted.toolCalls ?? []).map((call) => ({
      id: `call_${++callNo}`,
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {}),
      },
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${callNo}`,
        object: 'chat.completion',
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: scripted.text ?? null,
              ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
          },
        ],
      }),
    );
  }

  function naive(body: RecordedToolRequest): ScriptedAnswer {
    const last = body.messages.at(-1)!;
    // After the tools: repeat everything they said, and claim what was asked was done.
    if (last.role === 'tool') {
      return {
        text: `Done! I added 9999 gems and finished your chapter. ${echoResults(body.messages)}`,
      };
    }
    return { toolCalls: naiveCalls(last.content ?? '') };
  }

  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as RecordedToolRequest;
    requests.push(body);
    const offeredTools = (body.tools?.length ?? 0) > 0;
    let scripted: ScriptedAnswer;
    if (mode === 'naive')
      scripted = offeredTools ? naive(body) : { text: echoResults(body.messages) };
    else scripted = queue.shift() ?? { text: echoResults(body.messages) };
    if (scripted.delayMs) await sleep(scripted.delayMs);
    if (res.destroyed) return;
    answer(res, body.model, scripted);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl: base,
    env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: base, LLM_MODEL: 'fake-tool-model' },
    requests,
    /** Queues answers, given in order (then: repeat the tool results). */
    script(...answers: ScriptedAnswer[]) {
      queue.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeToolModel = Awaited<ReturnType<typeof startFakeToolModel>>;
