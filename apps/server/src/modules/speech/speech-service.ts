import {
  ACCEPT_LANGUAGE,
  type AssistantAvatar,
  type Locale,
  type SpeechEngine,
} from '@taleforge/contracts/constants';
import { STATUS, type StatusCode } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/http/app-error.js';
import { AUDIO_MIME, type AudioFormat, sniffAudio } from './audio-format.js';

type SpeechConfig = Pick<
  Config,
  | 'STT_BASE_URL'
  | 'STT_API_KEY'
  | 'STT_MODEL'
  | 'TTS_BASE_URL'
  | 'TTS_API_KEY'
  | 'TTS_MODEL'
  | 'TTS_VOICE_FEMALE'
  | 'TTS_VOICE_MALE'
  | 'SPEECH_TIMEOUT_MS'
>;

/** The OpenAI speech endpoint's own ceiling on input text. */
const SPEECH_INPUT_MAX_CHARS = 4096;
/** A spoken reply is seconds of MP3; anything far larger is not what was asked for. */
const SPEECH_AUDIO_MAX_BYTES = 16 * 1024 * 1024;

export interface SpeechService {
  transcription: SpeechEngine;
  speech: SpeechEngine;
  /** The words in a recording (already checked by `checkRecording`), in the player's language. */
  transcribe(
    audio: Buffer,
    format: AudioFormat,
    locale: Locale,
    signal?: AbortSignal,
  ): Promise<string>;
  synthesize(
    text: string,
    avatar: AssistantAvatar,
    signal?: AbortSignal,
  ): Promise<{ mime: string; audio: Buffer }>;
}

const endpoint = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
const bearer = (key: string | undefined): Record<string, string> =>
  key ? { authorization: `Bearer ${key}` } : {};

/**
 * The two OpenAI-compatible speech endpoints (whisper.cpp's server, faster-whisper servers,
 * OpenAI itself; OpenAI-style TTS servers). Each call has SPEECH_TIMEOUT_MS in all, answer body
 * included; slow, down, refusing or answering nonsense all end as one status for the player
 * and one log line with the cause for the operator.
 */
export function createSpeechService(config: SpeechConfig, log: FastifyBaseLogger): SpeechService {
  const limit = (signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(config.SPEECH_TIMEOUT_MS);
    return signal ? AbortSignal.any([timeout, signal]) : timeout;
  };

  async function upstream<T>(what: string, status: StatusCode, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      log.warn({ err: error, ms }, `${what} failed`);
      throw new AppError(status);
    }
  }

  return {
    transcription: config.STT_BASE_URL ? 'server' : 'browser',
    speech: config.TTS_BASE_URL ? 'server' : 'browser',

    async transcribe(audio, format, locale, signal) {
      const base = config.STT_BASE_URL;
      if (!base) throw new AppError(STATUS.VOICE_NOT_CONFIGURED);
      const form = new FormData();
      // The service reads the content too, but whisper servers pick their decoder by name.
      form.append('file', new Blob([audio], { type: AUDIO_MIME[format] }), `recording.${format}`);
      form.append('model', config.STT_MODEL);
      form.append('language', ACCEPT_LANGUAGE[locale]);
      form.append('response_format', 'json');
      return upstream('transcription', STATUS.VOICE_SERVICE_DOWN, async () => {
        const response = await fetch(endpoint(base, '/audio/transcriptions'), {
          method: 'POST',
          headers: bearer(config.STT_API_KEY),
          body: form,
          signal: limit(signal),
        });
        const body = await response.text();
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${body.slice(0, 200)}`);
        const text = (JSON.parse(body) as { text?: unknown }).text;
        if (typeof text !== 'string')
          throw new Error(`no text in the answer: ${body.slice(0, 200)}`);
        return text.trim();
      });
    },

    async synthesize(text, avatar, signal) {
      const base = config.TTS_BASE_URL;
      if (!base) throw new AppError(STATUS.SPEECH_UNAVAILABLE);
      return upstream('speech synthesis', STATUS.SPEECH_UNAVAILABLE, async () => {
        const response = await fetch(endpoint(base, '/audio/speech'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(config.TTS_API_KEY) },
          body: JSON.stringify({
            model: config.TTS_MODEL,
            voice: avatar === 'male' ? config.TTS_VOICE_MALE : config.TTS_VOICE_FEMALE,
            input: text.slice(0, SPEECH_INPUT_MAX_CHARS),
            response_format: 'mp3',
          }),
          signal: limit(signal),
        });
        const audio = Buffer.from(await response.arrayBuffer());
        if (!response.ok)
          throw new Error(`HTTP ${response.status}: ${audio.toString('utf8', 0, 200)}`);
        // The browser plays what is named here, so it is named from the bytes, not the label.
        const format = audio.length <= SPEECH_AUDIO_MAX_BYTES ? sniffAudio(audio) : null;
        if (!format) throw new Error(`not audio: ${audio.length} bytes`);
        return { mime: AUDIO_MIME[format], audio };
      });
    },
  };
}
