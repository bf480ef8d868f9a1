/**
 * Speech for the assistant (issue 23): recordings checked by their content and transcribed,
 * replies read aloud, through OpenAI-compatible speech services. It keeps no audio and owns no
 * table; the replies it reads come from the assistant module.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { Limiters } from '../../platform/shared-state/index.js';
import { registerSpeechRoutes } from './routes.js';
import { createSpeechLimits } from './speech-limits.js';
import { createSpeechService } from './speech-service.js';
import { createVoiceService } from './voice-service.js';

export { createSpeechService, type SpeechService } from './speech-service.js';

export interface SpeechModuleDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Where rate-limit counters live: this process, or every node's together. */
  limiters: Limiters;
}

export function createSpeechModule({ db, config, log, limiters }: SpeechModuleDeps) {
  const speech = createSpeechService(config, log);
  const voice = createVoiceService(db, speech);
  return {
    /** Where each voice feature runs, for the assistant's state call. */
    engines: { transcription: speech.transcription, speech: speech.speech },
    registerRoutes(app: FastifyInstance) {
      registerSpeechRoutes(app, {
        voice,
        limits: createSpeechLimits(limiters, config.ASSISTANT_SENDS_PER_MINUTE),
      });
    },
  };
}
