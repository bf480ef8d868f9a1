import type { SpeechEngine } from '@taleforge/contracts/constants';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { Limiters } from '../../platform/shared-state/index.js';
import { createAssistantService } from './assistant-service.js';
import { createEngine } from './engines/create-engine.js';
import type { AssistantReaders } from './readers.js';
import { registerAssistantRoutes } from './routes.js';
import { createSendService } from './send-service.js';
import { createSupportModeration } from './support-moderation.js';

export type { AssistantReaders } from './readers.js';
export { replyForSpeech } from './speech-source.js';

export interface AssistantModuleDeps {
  db: Db;
  config: Config;
  readers: AssistantReaders;
  /** Where transcription and spoken replies run (the speech module's engines). */
  voice: { transcription: SpeechEngine; speech: SpeechEngine };
  now: () => Date;
  /** Where rate-limit counters live: this process, or every node's together. */
  limiters: Limiters;
}

/** The site-wide assistant (issue 23): its engine, the conversation, settings and reports. */
export function createAssistantModule(deps: AssistantModuleDeps) {
  const { db, config, readers, voice, now } = deps;
  const engine = createEngine(config);
  const assistant = createAssistantService({
    db,
    readers,
    dailyCap: config.ASSISTANT_DAILY_CAP,
    voice,
    now,
  });
  const sends = createSendService({
    db,
    engine,
    readers,
    dailyCap: config.ASSISTANT_DAILY_CAP,
    now,
  });
  return {
    engine: engine.name,
    registerRoutes(app: FastifyInstance) {
      registerAssistantRoutes(app, {
        assistant,
        sends,
        support: createSupportModeration({ db, now }),
        // Like the chat's: a burst of sends is refused before any engine runs.
        limiter: deps.limiters.limiter({
          keyPrefix: 'assistant-send',
          points: config.ASSISTANT_SENDS_PER_MINUTE,
          duration: 60,
        }),
      });
    },
  };
}
