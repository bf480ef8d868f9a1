import { readdir } from 'node:fs/promises';
import { ASSISTANT_LIMITS } from '@taleforge/contracts/constants';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFingerprint } from './support/db-fingerprint.js';
import { type FakeSpeech, startFakeSpeech } from './support/fake-speech.js';
import { signedIn } from './support/profiles.js';
import { recording } from './support/recordings.js';
import { startTestServer, type TestServer } from './support/server.js';
import { postRecording } from './support/voice.js';

// Hold-to-speak's server half through real HTTP: a recording is checked by its content, sent to
// a loopback whisper-style server by the OpenAI transcription protocol, and answered as text.
// Nothing is kept: no row, no file, nothing charged. The servers of other settings below share
// the first one's database, as nodes of one install would: a database each cost seconds of CPU.

const SPEECH_TIMEOUT_MS = 2_000;
/** A stalled service is answered by the time-out, well before the test's own limit; a loaded
 * machine adds seconds of its own to the request around it. */
const ANSWERED_WITHIN_MS = SPEECH_TIMEOUT_MS * 4;

let speech: FakeSpeech;
let server: TestServer;
let token: string;
beforeAll(async () => {
  speech = await startFakeSpeech({ apiKey: 'stt-secret' });
  server = await startTestServer({
    STT_BASE_URL: speech.baseUrl,
    STT_API_KEY: 'stt-secret',
    STT_MODEL: 'whisper-large-v3',
    SPEECH_TIMEOUT_MS: String(SPEECH_TIMEOUT_MS),
    // The limit has its own test below; here one player sends every recording.
    ASSISTANT_SENDS_PER_MINUTE: '1000',
  });
  ({ token } = await signedIn(server, 'DF_ID'));
});
afterAll(async () => {
  await server.close();
  await speech.close();
});
beforeEach(() => {
  speech.received.transcriptions.length = 0;
});

const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true })).sort();

describe('a recording heard', () => {
  it.each([
    ['webm-live', 'en_US', 'en', 'find me a romance story'],
    ['ogg-opus', 'zh_CN', 'zh', '给我找一个爱情故事'],
    ['wav', 'ja_JP', 'ja', '恋愛の物語を探して'],
    ['mp3', 'en_US', 'en', 'find me a romance story'],
  ] as const)(
    '%s in %s: the protocol request, then the words',
    async (kind, lang, language, text) => {
      const bytes = await recording(kind, 1.5);
      const res = await postRecording(server, token, bytes, {
        lang,
        contentType: 'application/octet-stream',
      });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ text });
      expect(speech.received.transcriptions).toEqual([
        {
          authorization: 'Bearer stt-secret',
          model: 'whisper-large-v3',
          language,
          responseFormat: 'json',
          fileName: expect.stringMatching(/^recording\./),
          fileType: expect.stringMatching(/^audio\//),
          fileBytes: bytes.length,
        },
      ]);
    },
  );

  it('keeps nothing: no row anywhere, no file in the data directory', async () => {
    const rows = await databaseFingerprint(server.database.db);
    const files = await filesUnder(server.config.dataDir);
    expect((await postRecording(server, token, await recording('webm-opus', 2))).status).toBe(200);
    expect(await databaseFingerprint(server.database.db)).toEqual(rows);
    expect(await filesUnder(server.config.dataDir)).toEqual(files);
  });
});

describe('recordings refused before the service is asked, in the player’s language', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  it.each([
    ['a PNG labelled audio/webm', () => png, STATUS.VOICE_NOT_AUDIO],
    [
      'text labelled audio/ogg',
      () => Buffer.from('hold the button and speak'.repeat(40)),
      STATUS.VOICE_NOT_AUDIO,
    ],
    ['an empty body', () => Buffer.alloc(0), STATUS.VOICE_EMPTY],
    ['a 0.2 s tap', () => recording('webm-opus', 0.2), STATUS.VOICE_EMPTY],
    ['a 61 s WAV', () => recording('wav', 61), STATUS.VOICE_TOO_LONG],
    ['a 62 s WebM', () => recording('webm-opus', 62), STATUS.VOICE_TOO_LONG],
    [
      'bytes over the size limit',
      () => Buffer.alloc(ASSISTANT_LIMITS.audioMaxBytes + 1, 1),
      STATUS.VOICE_TOO_LONG,
    ],
  ])('%s', async (_, make, status) => {
    const rows = await databaseFingerprint(server.database.db);
    const res = await postRecording(server, token, await make(), { lang: 'ja_JP' });
    expect(res.status).toBe(status);
    expect(res.desc).toBe(statusMessage(status, 'ja_JP'));
    expect(speech.received.transcriptions).toEqual([]);
    expect(await databaseFingerprint(server.database.db)).toEqual(rows);
  });

  it('silence reaches the service, which hears no words: 6409', async () => {
    const res = await postRecording(server, token, await recording('wav', 2, 'silence'));
    expect(res.status).toBe(STATUS.VOICE_EMPTY);
    expect(speech.received.transcriptions).toHaveLength(1);
  });

  it('a transcript of only whitespace is nothing heard too: 6409', async () => {
    speech.scriptTranscriptions({ text: ' \n\t ' });
    const res = await postRecording(server, token, await recording('webm-opus', 1));
    expect(res.status).toBe(STATUS.VOICE_EMPTY);
  });

  it('needs a token', async () => {
    const res = await postRecording(server, '', await recording('wav', 1));
    expect(res.status).not.toBe(200);
    expect(speech.received.transcriptions).toEqual([]);
  });
});

describe('a speech service that fails', () => {
  it.each([
    ['answers 500', { httpStatus: 500 }],
    ['answers 429', { httpStatus: 429 }],
    ['answers something that is not its JSON', { garbage: '<html>bad gateway</html>' }],
    ['answers JSON without text', { garbage: '{"segments":[]}' }],
    ['never answers (SPEECH_TIMEOUT_MS)', { stall: true as const }],
  ])('%s: 6411, and the next recording is heard again', async (_, answer) => {
    speech.scriptTranscriptions(answer);
    const started = performance.now();
    const res = await postRecording(server, token, await recording('webm-opus', 1));
    expect(res.status).toBe(STATUS.VOICE_SERVICE_DOWN);
    expect(performance.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    const again = await postRecording(server, token, await recording('webm-opus', 1));
    expect(again.data).toEqual({ text: 'find me a romance story' });
  });

  it('with a wrong key the service refuses (401): 6411', async () => {
    const other = await startTestServer(
      { STT_BASE_URL: speech.baseUrl, STT_API_KEY: 'wrong' },
      { database: server.database },
    );
    try {
      const { token: mine } = await signedIn(other);
      expect((await postRecording(other, mine, await recording('wav', 1))).status).toBe(
        STATUS.VOICE_SERVICE_DOWN,
      );
    } finally {
      await other.close();
    }
  });

  it('is down (nothing listens): 6411', async () => {
    const gone = await startFakeSpeech();
    await gone.close();
    const other = await startTestServer(
      { STT_BASE_URL: gone.baseUrl },
      { database: server.database },
    );
    try {
      const { token: mine } = await signedIn(other);
      expect((await postRecording(other, mine, await recording('wav', 1))).status).toBe(
        STATUS.VOICE_SERVICE_DOWN,
      );
    } finally {
      await other.close();
    }
  });
});

describe('without a transcription service', () => {
  it('6410, whatever is sent: the browser’s own recognition is the way', async () => {
    const other = await startTestServer({}, { database: server.database });
    try {
      const { token: mine } = await signedIn(other);
      const res = await postRecording(other, mine, await recording('webm-opus', 1), {
        lang: 'zh_CN',
      });
      expect(res.status).toBe(STATUS.VOICE_NOT_CONFIGURED);
      expect(res.desc).toBe(statusMessage(STATUS.VOICE_NOT_CONFIGURED, 'zh_CN'));
    } finally {
      await other.close();
    }
  });
});

describe('rate', () => {
  it('a player gets ASSISTANT_SENDS_PER_MINUTE recordings a minute, then 1003', async () => {
    const other = await startTestServer(
      {
        STT_BASE_URL: speech.baseUrl,
        STT_API_KEY: 'stt-secret',
        ASSISTANT_SENDS_PER_MINUTE: '2',
      },
      { database: server.database },
    );
    try {
      const { token: mine } = await signedIn(other);
      const bytes = await recording('wav', 1);
      expect((await postRecording(other, mine, bytes)).status).toBe(200);
      expect((await postRecording(other, mine, bytes)).status).toBe(200);
      expect((await postRecording(other, mine, bytes)).status).toBe(STATUS.RATE_LIMITED);
      const { token: someoneElse } = await signedIn(other);
      expect((await postRecording(other, someoneElse, bytes)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
