import { z } from 'zod';
import { outboundRequest as httpRequest } from '../../../platform/http/outbound-request.js';
import { say } from '../localized.js';
import { TOOLS, type ToolContext, toolNamed } from '../tools/index.js';
import { type AssistantEngine, type EngineReply, ModelUnavailable } from './engine.js';
import { HELP } from './help-text.js';
import { type ModelMessage, promptMessages, type ToolCall } from './model-prompt.js';
import { ReplyParts, runTool } from './run-tool.js';

export interface ModelEngineOptions {
  /** e.g. http://127.0.0.1:11434/v1 — `/chat/completions` is added. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for one answer of the model. */
  timeoutMs: number;
  /** Longest whole reply, every round included. */
  maxReplyMs: number;
  maxTokens: number;
}

/** Rounds in which the model may call tools; the answer after them is asked for with none. */
const TOOL_ROUNDS = 3;
/** Tool calls run per round; more in one answer are refused. */
const CALLS_PER_ROUND = 4;
/** The longest reply kept. */
const REPLY_MAX_CHARS = 2000;

const answerSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                function: z.object({ name: z.string(), arguments: z.string().nullish() }),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
});

/** The tools as the OpenAI protocol declares them: their names and JSON Schemas. */
const TOOL_SPECS = TOOLS.map((tool) => ({
  type: 'function' as const,
  function: {
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.args),
  },
}));

/** One tool call of the model: only a tool we have, with arguments its schema accepts. */
async function callTool(parts: ReplyParts, ctx: ToolContext, call: ToolCall): Promise<unknown> {
  const tool = toolNamed(call.function.name);
  if (!tool) return { error: `there is no tool named ${call.function.name}` };
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { error: 'the arguments are not JSON' };
  }
  const ran = await runTool(tool, ctx, args);
  if (!ran.ok) return { error: ran.error };
  parts.add(tool.name, ran.args, ran.outcome);
  return ran.outcome.facts;
}

/**
 * A model that chooses the tools (OpenAI-compatible tool calling, answers not streamed: the
 * reply is stored whole before the player sees it). Any failure to get an answer (down, slow,
 * not the protocol) is ModelUnavailable, and the turn is not stored.
 */
export function createModelEngine(options: ModelEngineOptions): AssistantEngine {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function ask(messages: ModelMessage[], withTools: boolean, deadline: AbortSignal) {
    const signal = AbortSignal.any([deadline, AbortSignal.timeout(options.timeoutMs)]);
    try {
      const response = await httpRequest(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          messages,
          stream: false,
          max_tokens: options.maxTokens,
          ...(withTools ? { tools: TOOL_SPECS, tool_choice: 'auto' } : {}),
        }),
        signal,
      });
      const body = await response.body.json();
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new Error(`HTTP ${response.statusCode}`);
      }
      return answerSchema.parse(body).choices[0]!.message;
    } catch (error) {
      throw new ModelUnavailable(`assistant model: ${String(error)}`, { cause: error });
    }
  }

  return {
    name: 'openai',
    async reply({ text, history, ctx }): Promise<EngineReply> {
      const messages = promptMessages(ctx.locale, ctx.page, history, text);
      const parts = new ReplyParts();
      const deadline = AbortSignal.timeout(options.maxReplyMs);
      for (let round = 0; ; round++) {
        const answer = await ask(messages, round < TOOL_ROUNDS, deadline);
        const calls: ToolCall[] = (answer.tool_calls ?? []).map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.function.name, arguments: c.function.arguments ?? '' },
        }));
        if (calls.length === 0 || round >= TOOL_ROUNDS) {
          // A model that says nothing still leaves the player something to read.
          const said =
            (answer.content ?? '').trim() || parts.says.join(' ') || say(HELP, ctx.locale);
          return parts.reply(said.slice(0, REPLY_MAX_CHARS));
        }
        messages.push({ role: 'assistant', content: answer.content ?? null, tool_calls: calls });
        for (const [i, call] of calls.entries()) {
          const result =
            i < CALLS_PER_ROUND
              ? await callTool(parts, ctx, call)
              : { error: 'too many tool calls at once' };
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
      }
    },
  };
}
