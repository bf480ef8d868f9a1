import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../scripts/chromium.mjs';
import {
  DEVTOOLS_HOST,
  DISCORD_CLIENT_ID,
  DISCORD_PORT,
  E2E_PORT,
  GOOGLE_CLIENT_ID,
  GOOGLE_PORT,
  MODEL_PORT,
  SHORT_SESSION_PORT,
  SHORT_SESSION_SECONDS,
  SMTP_PORT,
  SPEECH_KEY,
  SPEECH_ORIGIN,
  STUDIO_PORT,
} from './support/env';

// Journeys against the real built server (apps/server/dist) and Debian's Chromium.
// Playwright never downloads a browser here: scripts/ensure-chromium.sh installs /usr/bin/chromium.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const isCI = Boolean(process.env.CI);
const DEMO_MEDIA_CACHE = join(repoRoot, 'node_modules/.cache/taleforge-demo-media');

// A fresh data directory per run, unless E2E_DATA_DIR names one. The workers evaluate this file
// again but inherit the variable, so every process agrees on one directory; the runner process,
// which stops the server before it exits, deletes it.
for (const name of ['E2E_DATA_DIR', 'E2E_SHORT_SESSION_DATA_DIR', 'E2E_MODEL_DATA_DIR']) {
  if (process.env[name]) continue;
  const dataDir = mkdtempSync(join(tmpdir(), 'taleforge-e2e-'));
  process.env[name] = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
// The journeys run on the embedded database; a DATABASE_URL from the shell must not leak in.
delete process.env.DATABASE_URL;

/** What both servers of the journeys share: always our own, on a fresh data directory. */
const serverOptions = {
  cwd: repoRoot,
  reuseExistingServer: false,
  // They start while the check's tsc and Vitest's first files share the two cores.
  timeout: 120_000,
  // Warnings and errors only: they show up in the runner's output as [WebServer] lines.
  stdout: 'pipe',
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
} as const;
// Only the main server has a studio; the others must not reach for its default port.
const serverEnv = { HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', STUDIO_PORT: '0' };
/** The journeys' other servers list the demo series without making their videos. */
const noDemoVideos = { DEMO_VIDEOS: 'false' };

export default defineConfig({
  testDir: './tests',
  outputDir: join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: isCI ? 1 : 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  // The page checks (support/page-checks.ts) scan a new screen inside the first action or
  // assertion that meets it, which counts against that step's time: seconds on a busy machine.
  expect: { timeout: 12_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.E2E_JSON_REPORT ?? join(repoRoot, '.reports/playwright.json') },
    ],
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    // Recording a trace costs Chromium a fifth of its CPU over a journey (the screencast above all,
    // docs/performance.md), so only the retry of a failed journey records one; the first failure
    // keeps its screenshot and error. Locally, `--trace on` records every journey.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // A player who asked for less motion: lines appear whole, panels and toasts without their
    // entrance. Every motion costs Chromium frames here (software rendering): this cut its CPU by
    // a sixth (docs/performance.md). It also keeps that path of the app tried in a real browser;
    // the story journey (story-game.spec.ts) plays with motion, lines typed out. The same player
    // asked for less transparency too (support/reduced-transparency.ts, a worker option).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${DEVTOOLS_HOST} 127.0.0.1`],
    },
  },
  webServer: [
    {
      // The built server behind its loopback stand-ins for SMTP, Google and Discord (see the file).
      command: 'node --import tsx e2e/support/e2e-server.ts',
      ...serverOptions,
      url: `http://127.0.0.1:${E2E_PORT}/taleforge/health`,
      env: {
        ...serverEnv,
        PORT: String(E2E_PORT),
        DATA_DIR: process.env.E2E_DATA_DIR!,
        PUBLIC_URL: `http://localhost:${E2E_PORT}`,
        STUDIO_PORT: String(STUDIO_PORT),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        GOOGLE_CLIENT_ID,
        GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${GOOGLE_PORT}/tokeninfo`,
        GOOGLE_USERINFO_URL: `http://127.0.0.1:${GOOGLE_PORT}/userinfo`,
        DISCORD_CLIENT_ID,
        DISCORD_CLIENT_SECRET: 'e2e-discord-secret',
        DISCORD_AUTHORIZE_URL: `http://127.0.0.1:${DISCORD_PORT}/authorize`,
        DISCORD_TOKEN_URL: `http://127.0.0.1:${DISCORD_PORT}/token`,
        DISCORD_USER_URL: `http://127.0.0.1:${DISCORD_PORT}/userinfo`,
        // The assistant hears and speaks through loopback OpenAI-compatible speech services.
        STT_BASE_URL: `${SPEECH_ORIGIN}/v1`,
        STT_API_KEY: SPEECH_KEY,
        TTS_BASE_URL: `${SPEECH_ORIGIN}/v1`,
        TTS_API_KEY: SPEECH_KEY,
        // Every journey signs in from the same loopback address.
        AUTH_RATE_LIMIT_SCALE: '100',
        // The offline characters write slowly enough for a journey to reload in mid-reply.
        LLM_OFFLINE_PACE_MS: '150',
        // The demo series' videos are made in the background while the journeys run: rendered
        // once into a folder kept between runs, at half the frames and the cheapest preset (half
        // the CPU of a render and of its transcode). The journeys watch one series' free
        // episodes and the first locked one, no further.
        DEMO_MEDIA_CACHE: DEMO_MEDIA_CACHE,
        DEMO_VIDEO_SERIES: '1',
        DEMO_VIDEO_EPISODES: '4',
        DEMO_VIDEO_FPS: '12',
        VIDEO_PRESET: 'ultrafast',
      },
    },
    {
      // The same build whose sign-in sessions last seconds, for the journey of a token that
      // expires (session-expiry.spec.ts); checked tokens are not trusted from memory there.
      command: 'node apps/server/dist/main.js',
      ...serverOptions,
      url: `http://127.0.0.1:${SHORT_SESSION_PORT}/taleforge/health`,
      env: {
        ...serverEnv,
        PORT: String(SHORT_SESSION_PORT),
        DATA_DIR: process.env.E2E_SHORT_SESSION_DATA_DIR!,
        SESSION_TTL_DAYS: String(SHORT_SESSION_SECONDS / 86_400),
        SESSION_CACHE_MS: '0',
        ...noDemoVideos,
      },
    },
    {
      // The same build with a model answering the characters (a loopback one, see the file), for
      // the journeys of paid replies: chat at zero gems, Top up, and back to the conversation.
      command: 'node --import tsx e2e/support/model-server.ts',
      ...serverOptions,
      url: `http://127.0.0.1:${MODEL_PORT}/taleforge/health`,
      env: {
        ...serverEnv,
        PORT: String(MODEL_PORT),
        DATA_DIR: process.env.E2E_MODEL_DATA_DIR!,
        PUBLIC_URL: `http://localhost:${MODEL_PORT}`,
        ...noDemoVideos,
      },
    },
  ],
});
