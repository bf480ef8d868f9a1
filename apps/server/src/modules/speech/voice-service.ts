import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { replyForSpeech } from '../assistant/index.js';
import { checkRecording } from './recording-check.js';
import type { SpeechService } from './speech-service.js';

export interface VoiceService {
  /** A recording's words; the bytes live only in this request's memory. */
  transcribeRecording(
    bytes: Buffer,
    locale: Locale,
    signal?: AbortSignal,
  ): Promise<{ text: string }>;
  /** One of the player's own assistant replies, in the voice of the player's avatar. */
  speakReply(
    userId: number,
    messageId: number,
    signal?: AbortSignal,
  ): Promise<{ mime: string; audio: string }>;
}

export function createVoiceService(db: Db, speech: SpeechService): VoiceService {
  return {
    async transcribeRecording(bytes, locale, signal) {
      // Said before the recording is read: without a service there is nothing to check it for.
      if (speech.transcription !== 'server') throw new AppError(STATUS.VOICE_NOT_CONFIGURED);
      const { format } = await checkRecording(bytes);
      const text = await speech.transcribe(bytes, format, locale, signal);
      // Silence, breath or noise: the service heard no words.
      if (!text) throw new AppError(STATUS.VOICE_EMPTY);
      return { text };
    },

    async speakReply(userId, messageId, signal) {
      if (speech.speech !== 'server') throw new AppError(STATUS.SPEECH_UNAVAILABLE);
      const reply = await replyForSpeech(db, userId, messageId);
      if (!reply) throw new AppError(STATUS.ASSISTANT_MESSAGE_NOT_FOUND);
      const { mime, audio } = await speech.synthesize(reply.text, reply.avatar, signal);
      return { mime, audio: audio.toString('base64') };
    },
  };
}
