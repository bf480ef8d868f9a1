import { CALLS } from '@taleforge/contracts';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sniffAudio } from '../src/modules/speech/audio-format.js';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { type FakeSpeech, startFakeSpeech } from './support/fake-speech.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { storedReply } from './support/voice.js';

// Spoken replies through real HTTP: one of the player's own assistant replies, read by a
// loopback OpenAI-style speech server in the voice configured for the player's avatar.

const SPEECH_TIMEOUT_MS = 2_000;
/** A stalled service is answered by the time-out, well before the test's own limit; a loaded
 * machine adds seconds of its own to the request around it. */
const ANSWERED_WITHIN_MS = SPEECH_TIMEOUT_MS * 4;

let speech: FakeSpeech;
let server: TestServer;
beforeAll(async () => {
  speech = await startFakeSpeech({ apiKey: 'tts-secret' });
  server = await startTestServer({
    TTS_BASE_URL: speech.baseUrl,
    TTS_API_KEY: 'tts-secret',
    TTS_MODEL: 'tts-1-hd',
    TTS_VOICE_FEMALE: 'shimmer',
    TTS_VOICE_MALE: 'echo',
    SPEECH_TIMEOUT_MS: String(SPEECH_TIMEOUT_MS),
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await server.close();
  await speech.close();
});
beforeEach(() => {
  speech.received.speech.length = 0;
});

const speak = (token: string, messageId: number, lang = 'en_US') =>
  api(server, CALLS.assistantSpeech, { token, lang, body: { message_id: messageId } });

describe('a reply read aloud', () => {
  it.each([
    ['female', 'shimmer'],
    ['male', 'echo'],
    [undefined, 'shimmer'],
  ] as const)(
    'avatar %s speaks with voice %s; the audio comes back named by its bytes',
    async (avatar, voice) => {
      const { user, token } = await signedIn(server, 'DF_ID');
      const text = `Here are two romance stories for you (${voice}).`;
      const id = await storedReply(server, user.id, text, avatar);
      const res = await speak(token, id);
      expect(res.status).toBe(200);
      const audio = Buffer.from(res.data!.audio, 'base64');
      expect(res.data!.mime).toBe('audio/wav');
      expect(sniffAudio(audio)).toBe('wav');
      expect(audio.length).toBeGreaterThan(1000);
      expect(speech.received.speech).toEqual([
        {
          authorization: 'Bearer tts-secret',
          body: { model: 'tts-1-hd', voice, input: text, response_format: 'mp3' },
        },
      ]);
    },
  );

  it('changes nothing and charges nothing', async () => {
    const { user, token } = await signedIn(server);
    const id = await storedReply(server, user.id, 'Your balance is 120 gems.');
    const before = await databaseFingerprint(server.database.db);
    expect((await speak(token, id)).status).toBe(200);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});

describe('what is not read', () => {
  it('another player’s reply, a player message, an id nobody has: 6406, and nothing is asked', async () => {
    const owner = await signedIn(server);
    const other = await signedIn(server);
    const theirs = await storedReply(
      server,
      owner.user.id,
      'Your last order failed: card declined.',
    );
    const res = await speak(other.token, theirs, 'zh_CN');
    expect(res.status).toBe(STATUS.ASSISTANT_MESSAGE_NOT_FOUND);
    expect(res.desc).toBe(statusMessage(STATUS.ASSISTANT_MESSAGE_NOT_FOUND, 'zh_CN'));
    expect((await speak(other.token, theirs + 10_000)).status).toBe(
      STATUS.ASSISTANT_MESSAGE_NOT_FOUND,
    );
    expect(speech.received.speech).toEqual([]);
    // The owner hears it.
    expect((await speak(owner.token, theirs)).status).toBe(200);
  });
});

describe('a speech service that fails', () => {
  it.each([
    ['answers 503', { httpStatus: 503 }],
    ['answers bytes that are not audio', { garbage: '{"error":"oops"}' }],
    ['never answers (SPEECH_TIMEOUT_MS)', { stall: true as const }],
  ])('%s: 6412, and the next reply is read again', async (_, answer) => {
    const { user, token } = await signedIn(server);
    const id = await storedReply(server, user.id, 'Gems never expire.');
    speech.scriptSpeech(answer);
    const started = performance.now();
    const res = await speak(token, id, 'ja_JP');
    expect(res.status).toBe(STATUS.SPEECH_UNAVAILABLE);
    expect(res.desc).toBe(statusMessage(STATUS.SPEECH_UNAVAILABLE, 'ja_JP'));
    expect(performance.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    expect((await speak(token, id)).status).toBe(200);
  });

  it('without a speech service: 6412 (the browser reads aloud instead)', async () => {
    const other = await startTestServer();
    try {
      const { user, token } = await signedIn(other);
      const id = await storedReply(other, user.id, 'Hello!');
      const res = await api(other, CALLS.assistantSpeech, { token, body: { message_id: id } });
      expect(res.status).toBe(STATUS.SPEECH_UNAVAILABLE);
    } finally {
      await other.close();
    }
  });
});
