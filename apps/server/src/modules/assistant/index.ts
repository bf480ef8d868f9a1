import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { createAssistantService } from './assistant-service.js';
import { createEngine } from './engines/create-engine.js';
import type { AssistantReaders } from './readers.js';
import { registerAssistantRoutes } from './routes.js';
import { createSendService } from './send-service.js';

export type { AssistantReaders } from './readers.js';
export { replyForSpeech } from './speech-source.js';

export interface AssistantModuleDeps {
  db: Db;
  config: Config;
  readers: AssistantReaders;
  now: () => Date;
}

/** The site-wide assistant (issue 23): its engine, the conversation, settings and reports. */
export function createAssistantModule(deps: AssistantModuleDeps) {
  const { db, config, readers, now } = deps;
  const engine = createEngine(config);
  const assistant = createAssistantService({
    db,
    readers,
    dailyCap: config.ASSISTANT_DAILY_CAP,
    voice: {
      transcription: config.STT_BASE_URL ? 'server' : 'browser',
      speech: config.TTS_BASE_URL ? 'server' : 'browser',
    },
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
        sendsPerMinute: config.ASSISTANT_SENDS_PER_MINUTE,
      });
    },
  };
}
