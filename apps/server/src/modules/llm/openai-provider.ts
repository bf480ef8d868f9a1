import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Dispatcher } from 'undici';
import { outboundRequest as httpRequest } from '../../platform/http/outbound-request.js';
import { OutputGuard } from './output-guard.js';
import { buildPrompt } from './prompt.js';
import {
  ModelError,
  type ModelProvider,
  type ReplyEvent,
  type ReplyRequest,
  SUMMARY_MAX_CHARS,
} from './provider.js';
import { parseTrailer } from './reply-trailer.js';
import { summaryMessages } from './summary-prompt.js';

export interface OpenAiProviderOptions {
  /** e.g. https://api.example.com/v1 or http://127.0.0.1:11434/v1 — `/chat/completions` is added. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the response, the first token, or the next token. */
  idleTimeoutMs: number;
  /** Longest whole reply. */
  maxReplyMs: number;
  maxTokens: number;
}

interface StreamChunk {
  choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }>;
  error?: { message?: unknown };
}

/**
 * Any OpenAI-compatible chat-completions endpoint, streamed (hosted models, Ollama, vLLM,
 * llama.cpp). The prompt comes from `buildPrompt`; deltas pass through the output guard before
 * anyone sees them; the trailer gives the expression and a goal proposal.
 *
 * On undici's `request` (its global pool keeps the connections alive) rather than `fetch`: the
 * body arrives as a Node stream of buffers, not a web stream with several promises per chunk,
 * which took a tenth of the chat's main-thread time and about a third of what a message
 * allocated (docs/performance.md).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): ModelProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const post = (accept: string, body: object, signal: AbortSignal) =>
    httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });

  return {
    name: 'openai',
    async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyEvent> {
      const prompt = buildPrompt(request);
      const guard = new OutputGuard(prompt.canary, prompt.rules);
      const upstream = new UpstreamControl(options, signal);
      let text = '';
      try {
        const response = await post(
          'text/event-stream',
          {
            model: options.model,
            messages: prompt.messages,
            stream: true,
            max_tokens: options.maxTokens,
          },
          upstream.signal,
        );
        if (!succeeded(response.statusCode)) {
          const detail = await response.body.text().catch(() => '');
          throw new ModelError('upstream', `HTTP ${response.statusCode}: ${detail.slice(0, 300)}`);
        }
        upstream.touch();
        for await (const piece of readDeltas(response.body, upstream)) {
          const out = guard.push(piece);
          if (guard.isWithheld) break;
          if (out) {
            text += out;
            yield { type: 'delta', text: out };
          }
        }
        const end = guard.end();
        if (end.rest) {
          text += end.rest;
          yield { type: 'delta', text: end.rest };
        }
        const trailer = parseTrailer(end.trailer);
        yield {
          type: 'final',
          result: {
            text,
            expression: end.withheld ? 'normal' : trailer.expression,
            goal:
              !end.withheld && trailer.goalReached && request.goalKey
                ? { key: request.goalKey }
                : null,
            withheld: end.withheld,
          },
        };
      } catch (error) {
        throw upstream.explain(error);
      } finally {
        upstream.close();
      }
    },

    async summarize(request, signal) {
      const upstream = new UpstreamControl(options, signal);
      try {
        const response = await post(
          'application/json',
          {
            model: options.model,
            messages: summaryMessages(request),
            stream: false,
            max_tokens: 300,
          },
          upstream.signal,
        );
        const body = (await response.body.json().catch(() => null)) as {
          choices?: Array<{ message?: { content?: unknown } }>;
        } | null;
        const content = body?.choices?.[0]?.message?.content;
        if (!succeeded(response.statusCode) || typeof content !== 'string') {
          throw new ModelError('upstream', `summary failed: HTTP ${response.statusCode}`);
        }
        return content.replaceAll('[[', '').trim().slice(0, SUMMARY_MAX_CHARS);
      } catch (error) {
        throw upstream.explain(error);
      } finally {
        upstream.close();
      }
    },
  };
}

const succeeded = (status: number) => status >= 200 && status < 300;

/** The request's abort controller, with the idle and total timers and the caller's signal. */
class UpstreamControl {
  private readonly controller = new AbortController();
  private idle: NodeJS.Timeout | undefined;
  private readonly total: NodeJS.Timeout;
  private reason: 'timeout' | 'aborted' | null = null;
  private readonly onCallerAbort = () => this.stop('aborted');

  constructor(
    private readonly options: Pick<OpenAiProviderOptions, 'idleTimeoutMs' | 'maxReplyMs'>,
    private readonly caller?: AbortSignal,
  ) {
    if (caller?.aborted) this.stop('aborted');
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.total = setTimeout(() => this.stop('timeout'), options.maxReplyMs);
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something arrived: the idle clock starts again. */
  touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop('timeout'), this.options.idleTimeoutMs);
  }

  private stop(reason: 'timeout' | 'aborted'): void {
    this.reason ??= reason;
    this.controller.abort();
  }

  explain(error: unknown): ModelError {
    if (this.reason === 'timeout') return new ModelError('timeout', 'model timed out');
    if (this.reason === 'aborted') return new ModelError('aborted', 'reply aborted');
    if (error instanceof ModelError) return error;
    return new ModelError('upstream', `model stream failed: ${String(error)}`, { cause: error });
  }

  /** Always aborts: a finished request is unaffected, an unfinished one is cancelled upstream. */
  close(): void {
    clearTimeout(this.idle);
    clearTimeout(this.total);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
    this.controller.abort();
  }
}

/** Content deltas of an OpenAI-compatible SSE stream; throws unless it ends properly. */
async function* readDeltas(
  body: Dispatcher.ResponseData['body'],
  upstream: UpstreamControl,
): AsyncIterable<string> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const decoder = new TextDecoder();
  let finished = false;
  for await (const bytes of body as AsyncIterable<Buffer>) {
    upstream.touch();
    parser.feed(decoder.decode(bytes, { stream: true }));
    while (events.length > 0) {
      const event = events.shift() as EventSourceMessage;
      if (event.data === '[DONE]') return;
      const chunk = parseChunk(event.data);
      if (chunk.error) {
        throw new ModelError('upstream', `model error: ${String(chunk.error.message ?? '')}`);
      }
      const choice = chunk.choices?.[0];
      if (typeof choice?.delta?.content === 'string' && choice.delta.content) {
        yield choice.delta.content;
      }
      if (choice?.finish_reason) finished = true;
    }
  }
  // Some servers close without [DONE] after a finish_reason; without either, it was cut off.
  if (!finished) throw new ModelError('upstream', 'model stream ended before the reply finished');
}

function parseChunk(data: string): StreamChunk {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null) return parsed as StreamChunk;
  } catch {
    // fall through
  }
  throw new ModelError('protocol', `not an OpenAI-compatible stream chunk: ${data.slice(0, 100)}`);
}
