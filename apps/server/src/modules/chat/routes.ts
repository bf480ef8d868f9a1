import {
  chatMemoryCall,
  chatMemoryUpdateCall,
  chatRecordCall,
  chatRegenerateCall,
  chatRewindCall,
  chatSendCall,
  conversationInfoCall,
  conversationInfoV2Call,
} from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../platform/http/app-error.js';
import { signedIn } from '../../platform/http/auth-gate.js';
import { defineRoute, gateOf } from '../../platform/http/route.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ChatService } from './chat-service.js';
import type { ReplyRunner } from './reply-runner.js';
import type { SendService, Turn } from './send-service.js';
import { openSse } from './sse-writer.js';

export interface ChatRouteDeps {
  chat: ChatService;
  sends: SendService;
  runner: ReplyRunner;
  /** A player's sends per minute (CHAT_SENDS_PER_MINUTE), keyed by user id. */
  limiter: RateLimiterAbstract;
  /** How long a resend follows a reply another request is still writing. */
  replayWaitMs: number;
}

export function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps): void {
  const { chat, sends, runner, limiter } = deps;

  async function limit(userId: number) {
    try {
      await limiter.consume(String(userId));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new AppError(STATUS.RATE_LIMITED);
      throw error;
    }
  }

  /** Refusals answer as an envelope (nothing charged); a paid turn answers as an event stream. */
  async function stream(request: FastifyRequest, reply: FastifyReply, turn: Turn) {
    const sse = openSse(reply);
    if (turn.kind === 'new') await runner.run(turn, request.locale, sse);
    else await runner.replay(turn, request.locale, sse, deps.replayWaitMs);
  }

  defineRoute(app, conversationInfoCall, ({ query, auth, request }) =>
    chat.info(auth.userId, request.locale, query.game_id, query.npc_id),
  );
  defineRoute(app, conversationInfoV2Call, ({ query, auth, request }) =>
    chat.infoV2(auth.userId, request.locale, query.game_id, query.npc_id),
  );
  defineRoute(app, chatRecordCall, ({ query, auth, request }) =>
    chat.record(auth.userId, request.locale, query),
  );
  defineRoute(app, chatMemoryCall, ({ query, auth, request }) =>
    chat.memory(auth.userId, request.locale, query.game_id, query.npc_id),
  );
  defineRoute(app, chatMemoryUpdateCall, ({ body, auth, request }) =>
    chat.updateMemory(auth.userId, request.locale, body),
  );
  defineRoute(app, chatRewindCall, ({ body, auth, request }) =>
    chat.rewind(auth.userId, request.locale, body),
  );

  app.post(chatSendCall.path, gateOf(app, chatSendCall), async (request, reply) => {
    const body = parseInput(chatSendCall.body, request.body ?? {}, request.locale, 'body');
    const { userId } = signedIn(request);
    await limit(userId);
    const turn = await sends.send(userId, request.locale, body);
    await stream(request, reply, turn);
    return reply;
  });

  app.post(chatRegenerateCall.path, gateOf(app, chatRegenerateCall), async (request, reply) => {
    const body = parseInput(chatRegenerateCall.body, request.body ?? {}, request.locale, 'body');
    const { userId } = signedIn(request);
    await limit(userId);
    const turn = await sends.regenerate(userId, request.locale, body);
    await stream(request, reply, turn);
    return reply;
  });
}
