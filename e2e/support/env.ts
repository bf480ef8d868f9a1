// Where the journeys find the server and its loopback stand-ins for internet services; read by
// playwright.config.ts, the server wrapper and the tests alike.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
/** Maps to 127.0.0.1 in the browser (--host-resolver-rules) but is neither localhost nor the test host. */
export const DEVTOOLS_HOST = 'devtools.taleforge.test';
export const DEVTOOLS_ORIGIN = `http://${DEVTOOLS_HOST}:${E2E_PORT}`;

// Fixed offsets from E2E_PORT, so several runs on one machine (each with its own E2E_PORT) do not
// collide, and the server's env can name them before anything listens.
/** SMTP server that receives the verification mails. */
export const SMTP_PORT = E2E_PORT + 10_000;
/** HTTP: the received mails (`GET /code?to=`) for the tests. */
export const MAILBOX_PORT = E2E_PORT + 11_000;
/** Google's tokeninfo/userinfo stand-in. */
export const GOOGLE_PORT = E2E_PORT + 12_000;
/** Discord's OAuth2 stand-in (authorize, token, user). */
export const DISCORD_PORT = E2E_PORT + 13_000;
/** A second server whose sessions expire SHORT_SESSION_SECONDS after sign-in. */
export const SHORT_SESSION_PORT = E2E_PORT + 1;
// Long enough for the page that signs in to finish its own calls on a busy machine: one made
// after expiry would open the login modal there, before the test looks for it.
export const SHORT_SESSION_SECONDS = 10;
export const SHORT_SESSION_ORIGIN = `http://localhost:${SHORT_SESSION_PORT}`;
/** A third server whose characters are answered by a model (paid replies, SPEC §9's 10 gems). */
export const MODEL_PORT = E2E_PORT + 2;
export const MODEL_ORIGIN = `http://localhost:${MODEL_PORT}`;
/** The main server's creator studio, a second listener of the same process (its own origin). */
export const STUDIO_PORT = E2E_PORT + 3;
export const STUDIO_ORIGIN = `http://localhost:${STUDIO_PORT}`;
/** The loopback OpenAI-compatible model that server asks. */
export const LLM_PORT = E2E_PORT + 14_000;
/** What that model answers every message with. */
export const MODEL_REPLY = 'I saw a lantern at the side door, and then the dark took it.';
/**
 * OpenAI-compatible transcription and speech on loopback (apps/server/test/support/fake-speech.ts)
 * for the main server's assistant: every recording is heard as `SPEECH_TRANSCRIPTS[language]`
 * (the request's language, from the page's), a WAV of silence as nothing; speech is a short tone.
 * A journey may queue other answers with a POST to `${SPEECH_ORIGIN}/fake/script`.
 */
export const SPEECH_PORT = E2E_PORT + 15_000;
export const SPEECH_ORIGIN = `http://127.0.0.1:${SPEECH_PORT}`;
/** The key the server must send (STT_API_KEY and TTS_API_KEY); others are answered 401. */
export const SPEECH_KEY = 'e2e-speech-key';
export const SPEECH_TRANSCRIPTS: Record<string, string> = {
  en: process.env.E2E_SPEECH_TRANSCRIPT_EN ?? 'find me a romance story',
  zh: process.env.E2E_SPEECH_TRANSCRIPT_ZH ?? '给我找一个爱情故事',
  ja: process.env.E2E_SPEECH_TRANSCRIPT_JA ?? '恋愛の物語を探して',
};
export const GOOGLE_CLIENT_ID = 'taleforge-e2e.apps.example';
export const DISCORD_CLIENT_ID = 'taleforge-e2e-discord';

/** Written by the server wrapper before the server starts: invite codes made with the CLI. */
export const INVITES_FILE = 'e2e-invites.json';
