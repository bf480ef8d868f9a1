import { assistantSpeechCall, assistantTranscribeCall } from '@taleforge/contracts';
import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute, defineUploadRoute } from '../../platform/http/route.js';
import type { SpeechLimits } from './speech-limits.js';
import type { VoiceService } from './voice-service.js';

export interface SpeechRouteDeps {
  voice: VoiceService;
  limits: SpeechLimits;
}

/**
 * A little over the largest recording, so one a byte too large still reaches the handler and
 * gets 6408 in the player's language; far larger bodies are the framework's 413.
 */
const RECORDING_BODY_LIMIT = ASSISTANT_LIMITS.audioMaxBytes + 64 * 1024;

/** Aborted when the player goes away, so the speech service is not kept busy for nobody. */
function whileConnected(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the player left'));
  });
  return controller.signal;
}

export function registerSpeechRoutes(
  app: FastifyInstance,
  { voice, limits }: SpeechRouteDeps,
): void {
  defineUploadRoute(
    app,
    assistantTranscribeCall,
    { bodyLimit: RECORDING_BODY_LIMIT },
    async ({ bytes, auth, request, reply }) => {
      await limits.consume('transcribe', request.ip, String(auth.userId));
      return voice.transcribeRecording(bytes, request.locale, whileConnected(reply));
    },
  );

  defineRoute(app, assistantSpeechCall, async ({ body, auth, request, reply }) => {
    await limits.consume('speech', request.ip, String(auth.userId));
    return voice.speakReply(auth.userId, body.message_id, whileConnected(reply));
  });
}
