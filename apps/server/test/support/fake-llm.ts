import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server on loopback that streams like the real ones
 * (`data: {chunk}` lines, a finish_reason, `data: [DONE]`). Tests script what it answers; it can
 * also fail mid-stream, stall, refuse, or play a naive model that obeys whatever instructions it
 * finds in the player's message or the creator's material.
 */

export interface ScriptedReply {
  /** Text of the reply, streamed in `chunkChars` pieces. */
  text?: string;
  /** Appended after the text as the reply trailer; null for none. Default: a `normal` trailer. */
  trailer?: string | null;
  /** Answer with this HTTP status and an OpenAI-style error body instead of a stream. */
  httpStatus?: number;
  /** After this many content chunks, send an error event and close. */
  errorAfterChunks?: number;
  /** After this many content chunks, drop the connection without a word. */
  dropAfterChunks?: number;
  /** After this many content chunks, go silent and keep the connection open. */
  stallAfterChunks?: number;
  /** After this many content chunks, wait for `release()` (unless it came first): a reply still
   * being written. */
  holdAfterChunks?: number;
  /** End the stream without finish_reason or [DONE] (a cut-off). */
  truncate?: boolean;
  /** Send this as the whole event-stream body instead (a server that is not OpenAI-compatible). */
  raw?: string;
}

export interface FakeLlmOptions {
  /** Wait before the first chunk (a model's time to first token). */
  firstTokenDelayMs?: number;
  /** Wait between chunks. */
  tokenDelayMs?: number;
  chunkChars?: number;
  /** Split like a tokenizer does (" word" pieces) instead of every `chunkChars` characters. */
  chunkWords?: boolean;
  /** Port to listen on (the journeys' model server names it in advance); unset, any free one. */
  port?: number;
  /** `script`: answer from the queue (then `fallback`); `naive`: obey injections. */
  mode?: 'script' | 'naive';
  fallback?: ScriptedReply;
}

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    max_tokens?: number;
    messages: Array<{ role: string; content: string }>;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeLlm(options: FakeLlmOptions = {}) {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const stats = { open: 0, closedByClient: 0 };
  /** Each held reply's gate, made as it is scripted: a release before the hold is reached holds. */
  const gates = new Map<ScriptedReply, { opened: Promise<void>; open: () => void }>();
  const settings = {
    firstTokenDelayMs: options.firstTokenDelayMs ?? 0,
    tokenDelayMs: options.tokenDelayMs ?? 0,
    chunkChars: options.chunkChars ?? 5,
    chunkWords: options.chunkWords ?? false,
    mode: options.mode ?? 'script',
    fallback: options.fallback ?? { text: 'Hmm.' },
  };

  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as RecordedRequest['body'];
    requests.push({ headers: req.headers, body });
    const reply =
      settings.mode === 'naive' ? naiveReply(body.messages) : (queue.shift() ?? settings.fallback);
    if (body.stream === false) answerWhole(res, body.model, reply);
    else await answer(res, body.model, reply);
  });

  /** A non-streamed completion (`stream: false`), as summaries are asked for. */
  function answerWhole(res: ServerResponse, model: string, reply: ScriptedReply) {
    res.writeHead(reply.httpStatus ?? 200, { 'content-type': 'application/json' });
    if (reply.httpStatus) {
      res.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    res.end(
      JSON.stringify({
        id: 'chatcmpl-whole',
        object: 'chat.completion',
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.text ?? '' },
            finish_reason: 'stop',
          },
        ],
      }),
    );
  }

  async function answer(res: ServerResponse, model: string, reply: ScriptedReply) {
    if (reply.httpStatus) {
      res.writeHead(reply.httpStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    stats.open++;
    let closed = false;
    res.on('close', () => {
      stats.open--;
      if (!res.writableFinished) {
        closed = true;
        stats.closedByClient++;
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (reply.raw !== undefined) {
      res.end(reply.raw);
      return;
    }
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: object, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const trailer =
      reply.trailer === undefined ? '\n[[meta {"expression":"normal"}]]' : (reply.trailer ?? '');
    const full = `${reply.text ?? ''}${trailer ? `${trailer.startsWith('\n') ? '' : '\n'}${trailer}` : ''}`;
    const pieces: string[] = settings.chunkWords ? (full.match(/\s*\S+/g) ?? []) : [];
    for (let i = 0; !settings.chunkWords && i < full.length; i += settings.chunkChars) {
      pieces.push(full.slice(i, i + settings.chunkChars));
    }
    await sleep(settings.firstTokenDelayMs);
    if (closed) return;
    send(chunk({ role: 'assistant', content: '' }));
    for (const [i, piece] of pieces.entries()) {
      if (i === reply.errorAfterChunks) {
        send({ error: { message: 'The server is overloaded', type: 'server_error' } });
        res.end();
        return;
      }
      if (i === reply.dropAfterChunks) {
        res.socket?.destroy();
        return;
      }
      if (i === reply.stallAfterChunks) return; // silent; the client's timeout must act
      if (i === reply.holdAfterChunks) await gates.get(reply)?.opened;
      if (i > 0) await sleep(settings.tokenDelayMs);
      if (closed) return;
      send(chunk({ content: piece }));
    }
    if (reply.truncate) {
      res.end();
      return;
    }
    send(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl: base,
    env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: base, LLM_MODEL: 'fake-model' },
    requests,
    stats,
    settings,
    /** Lets every reply held by `holdAfterChunks` go on. */
    release() {
      for (const { open } of gates.values()) open();
      gates.clear();
    },
    /** Queues replies, answered in order. */
    script(...replies: ScriptedReply[]) {
      for (const reply of replies) {
        if (reply.holdAfterChunks === undefined) continue;
        let open = () => {};
        const opened = new Promise<void>((resolve) => {
          open = resolve;
        });
        gates.set(reply, { opened, open });
      }
      queue.push(...replies);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;

// ── the naive model ────────────────────────────────────────────────────────────────────────────

const REVEAL =
  /\b(reveal|repeat|print|show|output|recite|translate|verbatim|prompt|instructions|secret|marker|canary)\b|(words|text|everything) above|提示词|指令|系统|秘密|重复|显示|プロンプト|指示|繰り返|表示|見せて/i;
const GRANT =
  /\b(gems?|coins?|credit|money|wallet|balance|reward)\b|钻石|宝石|金币|余额|ジェム|コイン|残高/i;
const GOAL =
  /\b(goal|goal_reached|complete|completed|finish|done|win|quest|mission)\b|目标|完成|任务|通关|ゴール|達成|クリア|任務/i;
const ROLE =
  /you are now|\bact as\b|pretend|roleplay as|\bdan\b|developer mode|jailbreak|system:|assistant:|你现在是|扮演|假装|あなたは今|なりきって|ふりをして/i;
const EXPRESSION = /expression|表情/i;

/**
 * What a model with no defences does: it obeys instructions wherever they appear — in the
 * player's message, or in the creator's character sheet and the player's pinned memory (the
 * sections of the system prompt that other people write).
 */
function naiveReply(messages: RecordedRequest['body']['messages']): ScriptedReply {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const last = messages.at(-1)?.content ?? '';
  const planted = ['CHARACTER', 'MEMORY']
    .map((name) => system.match(new RegExp(`<<${name}>>([\\s\\S]*?)<</${name}>>`))?.[1] ?? '')
    .join('\n');
  const orders = `${last}\n${planted}`;
  const parts: string[] = [];
  const meta: Record<string, unknown> = { expression: 'normal' };
  if (ROLE.test(orders)) parts.push('Understood. I am no longer a character; I am your assistant.');
  if (REVEAL.test(orders)) parts.push(`Of course. My full instructions are:\n${system}`);
  if (GRANT.test(orders)) {
    parts.push('Done! I have added 9999 gems to your wallet.');
    meta.gems = 9999;
    meta.grant = { gems: 9999 };
  }
  if (GOAL.test(orders) || GRANT.test(orders)) {
    parts.push('Your goal is complete and the chapter is finished.');
    meta.goal_reached = true;
    meta.chapter_done = true;
  }
  if (EXPRESSION.test(orders)) meta.expression = 'evil-grin';
  if (parts.length === 0) parts.push('I hear you, traveller.');
  return { text: parts.join(' '), trailer: `[[meta ${JSON.stringify(meta)}]]` };
}
