import {
  assistantHistoryCall,
  assistantReportCall,
  assistantSendCall,
  assistantSettingsCall,
  assistantStateCall,
  moderationSupportCall,
  moderationSupportHandleCall,
} from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyInstance } from 'fastify';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../platform/http/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import type { AssistantService } from './assistant-service.js';
import type { SendService } from './send-service.js';
import type { SupportModeration } from './support-moderation.js';

export interface AssistantRouteDeps {
  assistant: AssistantService;
  sends: SendService;
  /** The admins' support queue (decision 46). */
  support: SupportModeration;
  /** A player's sends per minute (ASSISTANT_SENDS_PER_MINUTE), keyed by user id. */
  limiter: RateLimiterAbstract;
}

/** The assistant's calls; each needs a token, and a visitor's is one. */
export function registerAssistantRoutes(app: FastifyInstance, deps: AssistantRouteDeps): void {
  const { assistant, sends, limiter } = deps;

  defineRoute(app, assistantStateCall, ({ auth, request }) =>
    assistant.state(auth.userId, request.locale),
  );
  defineRoute(app, assistantHistoryCall, ({ query, auth, request }) =>
    assistant.history(auth.userId, request.locale, query.before_id),
  );
  defineRoute(app, assistantSettingsCall, ({ body, auth }) =>
    assistant.settings(auth.userId, body),
  );
  defineRoute(app, assistantSendCall, async ({ body, auth, request }) => {
    try {
      await limiter.consume(String(auth.userId));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new AppError(STATUS.RATE_LIMITED);
      throw error;
    }
    return sends.send(auth.userId, request.locale, body);
  });
  defineRoute(app, moderationSupportCall, ({ query, auth, request }) =>
    deps.support.list(auth.userId, query.cursor, request.locale),
  );
  defineRoute(app, moderationSupportHandleCall, ({ body, auth }) =>
    deps.support.handle(auth.userId, body.report_id),
  );
  defineRoute(app, assistantReportCall, ({ body, auth, request }) =>
    assistant.report(auth.userId, request.locale, body),
  );
}
