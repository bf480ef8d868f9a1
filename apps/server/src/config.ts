import path from 'node:path';
import { CURRENCIES, type Currency, PRODUCT_SLUG } from '@taleforge/contracts/constants';
import { z } from 'zod';
// Types only: main.ts reads the configuration before any of the app's modules load.
import type { DatabaseOptions } from './platform/db/client.js';

const port = z.coerce.number().int().min(0).max(65_535);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * `USD=1,CNY=7.1,JPY=150`: how much of each currency is worth the same, every currency named
 * once with a positive number (any scale). Top-up prices are derived from it (decision 32).
 */
const fxRates = z.string().transform((value, ctx) => {
  const rates: Partial<Record<Currency, number>> = {};
  for (const part of value.split(',')) {
    const [name = '', amount = '', extra] = part.split('=').map((s) => s.trim());
    const rate = Number(amount);
    const currency = CURRENCIES.find((c) => c === name.toUpperCase());
    if (!currency || extra !== undefined || !(rate > 0) || !Number.isFinite(rate)) {
      ctx.addIssue({ code: 'custom', message: `"${part.trim()}" is not CURRENCY=positive number` });
      return z.NEVER;
    }
    if (rates[currency] !== undefined) {
      ctx.addIssue({ code: 'custom', message: `${currency} is named twice` });
      return z.NEVER;
    }
    rates[currency] = rate;
  }
  const missing = CURRENCIES.filter((c) => rates[c] === undefined);
  if (missing.length > 0) {
    ctx.addIssue({ code: 'custom', message: `needs a rate for ${missing.join(', ')}` });
    return z.NEVER;
  }
  return rates as Record<Currency, number>;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/)
    .default(PRODUCT_SLUG),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Hostname of the test site origin: the browser's devtools guard is off there. */
  TEST_HOST: z.string().default('test.taleforge.app'),
  /** Where the built SPA lives; unset → apps/web/dist next to this package. */
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Sessions last this long after last use (sliding). */
  // Fractions are hours and minutes (0.5 is 12 h); at least one second.
  SESSION_TTL_DAYS: z.coerce
    .number()
    .min(1 / 86_400)
    .max(365)
    .default(30),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Lifetime of cached public catalogue reads, per process. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers). PGlite sets it aside and
   * clears it inside its own memory at every start: PostgreSQL's 128MB cost a start ~0.35 s more
   * than 32MB, which holds the embedded install's working set many times over.
   */
  EMBEDDED_DB_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'a size such as 16MB or 1GB')
    .default('32MB'),
  /**
   * Redis shared by every node (redis://…): rate limits, revocations and cache drops reach all of
   * them. Unset, each process keeps its own (one node). Redis down degrades to per-node.
   */
  REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** A bearer token /metrics requires; unset, /metrics answers only on METRICS_PORT. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** A listener of its own for /metrics (and the health checks), for a scraper on a private network; 0 is off. */
  METRICS_PORT: port.default(0),
  /** Where METRICS_PORT listens: this machine only unless a scraper elsewhere is named. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Which X-Forwarded-* to believe: the proxies' addresses (CIDRs, or `loopback`, `uniquelocal`,
   * comma-separated), so the client is the nearest address no listed proxy wrote. `true` takes
   * the leftmost address, which a client behind a proxy that appends to the header writes itself.
   */
  TRUST_PROXY: z
    .union([
      z.enum(['true', 'false']).transform((v) => v === 'true'),
      z.string().regex(/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/, 'the proxies addresses'),
    ])
    .default(false),
  /** Seed (or update) the demo works from content/ on start; idempotent. */
  DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Where the demo series' rendered videos are kept by the hash of what made them, so a restart,
   * or several servers pointed at one folder (the end-to-end suite), render each only once.
   */
  DEMO_MEDIA_CACHE: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /**
   * Render and import the demo series' videos (with DEMO_CONTENT). Off, the series are listed with
   * every episode "preparing": for servers that only need the story games (some test servers).
   */
  DEMO_VIDEOS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * With DEMO_VIDEOS, only each demo series' first so many episodes get a video; the later ones
   * show as preparing. Unset: all. For test servers that watch only the first episodes.
   */
  DEMO_VIDEO_EPISODES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).optional(),
  ),
  /**
   * With DEMO_VIDEOS, only the first so many demo series (in content order) get videos; the others
   * show every episode as preparing. Unset: all. For test servers that watch one series.
   */
  DEMO_VIDEO_SERIES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).optional(),
  ),
  /**
   * Frames a second of the demo videos (encoded at VIDEO_PRESET). Half the frames are half the
   * render's and the transcodes' CPU: test servers, which only need the videos to play, set 12.
   */
  DEMO_VIDEO_FPS: z.coerce.number().int().min(6).max(30).default(24),
  /** PEM of the risk step's RSA key when several processes must share one; else kept in DATA_DIR. */
  RISK_PRIVATE_KEY_PEM: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Origin players reach us at; OAuth redirect URIs, checkout returns, share links and mail links
   * are built from it exactly. Unset: this machine on PORT, the address the server listens on.
   */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** The creator studio's own port (a second listener of this process; 0: no studio). */
  STUDIO_PORT: port.default(8081),
  /** Origin creators reach the studio at; the player site accepts token sync from it alone. */
  STUDIO_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** smtp(s)://user:pass@host:port — unset: mail goes to the outbox (/dev/mailbox outside production). */
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Taleforge <no-reply@taleforge.app>'),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  DISCORD_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  DISCORD_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
  DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
  DISCORD_USER_URL: z.url().default('https://discord.com/api/users/@me'),
  /** Multiplies every sign-in rate limit (tests and load benchmarks raise it). */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1_000_000).default(1),
  /** Multiplies every follow, like, block and comment rate limit (tests and benchmarks raise it). */
  SOCIAL_RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1_000_000).default(1),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media (modules/media, decision 30). */
  MEDIA_S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  /** The store's endpoint; unset → AWS's own for the region. MinIO, R2 and others need it. */
  MEDIA_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  /** Keys; unset → the AWS SDK's own chain (environment, instance role, …). */
  MEDIA_S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Bucket in the path (`endpoint/bucket/key`), as most self-hosted stores want. */
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Hours between sweeps of content-hash media no row names any more (replaced avatars, covers),
   * the first an hour after start (or one interval, if shorter); 0 turns the sweep off, as an
   * install sharing its bucket with another must (decision 35).
   */
  MEDIA_SWEEP_HOURS: z.coerce.number().min(0).max(480).default(24),
  /** A public origin (CDN) in front of the bucket: media requests are redirected there. */
  MEDIA_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** x264's preset for the video pipeline: slower ones make smaller files at the same quality. */
  VIDEO_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'])
    .default('veryfast'),
  /** Transcodes one node runs at once (each uses every core ffmpeg can get). */
  VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * On PostgreSQL, a transcode running this long is taken for dead and retried (a node that
   * crashed cannot say so); unset, ten minutes plus four times the video's length.
   */
  VIDEO_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(82_800).optional(),
  /** HMAC secret of signed video addresses; unset: generated once into DATA_DIR/keys. */
  MEDIA_URL_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** Character engine: unset → `openai` when LLM_BASE_URL is set, else the offline persona engine. */
  LLM_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['offline', 'openai']).optional()),
  /** OpenAI-compatible API base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  LLM_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LLM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  /** Longest wait for the model's answer, its first token, or its next token. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** Longest whole reply. */
  LLM_MAX_REPLY_MS: z.coerce.number().int().min(1_000).max(600_000).default(90_000),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(8_192).default(400),
  /** Pause between the offline engine's word-sized pieces, so its replies stream like a model's. */
  LLM_OFFLINE_PACE_MS: z.coerce.number().int().min(0).max(2_000).default(40),
  /** Chat messages (and regenerations) one player may send per minute. */
  CHAT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Model replies one player may start in 24 hours: the operator's cap on model spend. */
  CHAT_DAILY_REPLY_CAP: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Assistant messages one player may send per UTC day (issue 23); the assistant is free. */
  ASSISTANT_DAILY_CAP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Assistant messages one player may send per minute. */
  ASSISTANT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** OpenAI-compatible `/audio/transcriptions` server; unset → the browser's speech recognition. */
  STT_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  STT_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STT_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).default('whisper-1')),
  /** OpenAI-compatible `/audio/speech` server; unset → the browser's speech synthesis. */
  TTS_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  TTS_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  TTS_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).default('tts-1')),
  /** The speech server's voice for each assistant avatar. */
  TTS_VOICE_FEMALE: z.preprocess(emptyToUndefined, z.string().max(100).default('nova')),
  TTS_VOICE_MALE: z.preprocess(emptyToUndefined, z.string().max(100).default('onyx')),
  /** How long a transcription or a spoken reply may take before the player is told. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** sandbox (hosted checkout of our own) or stripe; unset: stripe when STRIPE_SECRET_KEY is set. */
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'stripe']).optional()),
  /** HMAC secret of sandbox webhooks; unset: generated once into DATA_DIR/keys. */
  SANDBOX_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Stripe API origin; tests point it at a Stripe-speaking server on loopback. */
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Minutes an order may stay unpaid before it becomes timeout (Stripe needs at least 30). */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
  /** Exchange rates the top-up prices are derived from; checked for price parity at start. */
  FX_RATES: fxRates.prefault('USD=1,CNY=7.1,JPY=150'),
  /** How often expired gem lots are swept and unpaid orders timed out. */
  WALLET_JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
});

const paymentProviderOf = (env: z.infer<typeof envSchema>) =>
  env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');

/** Settings that only make sense together. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  const require = (names: readonly (keyof typeof env)[], message: string) => {
    for (const name of names) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  };
  const engine = env.LLM_PROVIDER ?? (env.LLM_BASE_URL ? 'openai' : 'offline');
  if (engine === 'openai') require(['LLM_BASE_URL', 'LLM_MODEL'], 'required by the openai engine');
  if (env.MEDIA_S3_ACCESS_KEY_ID || env.MEDIA_S3_SECRET_ACCESS_KEY) {
    require(['MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'], 'the two keys go together');
  }
  if (env.MEDIA_PUBLIC_URL) require(['MEDIA_S3_BUCKET'], 'required by MEDIA_PUBLIC_URL');
  // The public address follows the port; a port picked at random is none a player can be sent to.
  if (env.PORT === 0) require(['PUBLIC_URL'], 'required by PORT=0 (or name a port)');
  if (paymentProviderOf(env) === 'stripe') {
    require(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], 'required by the stripe provider');
  }
});

export type Config = Omit<z.infer<typeof envSchema>, 'PAYMENT_PROVIDER' | 'PUBLIC_URL'> & {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  /** PUBLIC_URL, else `http://localhost:PORT`. */
  PUBLIC_URL: string;
  dataDir: string;
  /** The local media store's directory, used when no MEDIA_S3_BUCKET is set (modules/media). */
  mediaDir: string;
  /** DEMO_MEDIA_CACHE, else DATA_DIR/demo-media. */
  demoMediaCache: string;
  /** How this process opens its database: DATABASE_URL, else the embedded one in DATA_DIR. */
  database: DatabaseOptions;
  webDist: string;
  /** The studio's built site (apps/studio/dist). */
  studioDist: string;
  /** STUDIO_PUBLIC_URL's origin, else this machine's on STUDIO_PORT; null when STUDIO_PORT is 0. */
  studioOrigin: string | null;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? localOrigin(parsed.data.PORT) };
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    PAYMENT_PROVIDER: paymentProviderOf(c),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    demoMediaCache: path.resolve(c.DEMO_MEDIA_CACHE ?? path.join(c.DATA_DIR, 'demo-media')),
    database: {
      url: c.DATABASE_URL,
      dataDir,
      poolSize: c.DATABASE_POOL_SIZE,
      embeddedBuffers: c.EMBEDDED_DB_BUFFERS,
    },
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    studioDist: path.resolve(new URL('../../studio/dist', import.meta.url).pathname),
    studioOrigin: studioOriginOf(c),
  };
}

/** What a player on this machine types: the server's own port, named by the loopback name. */
const localOrigin = (port: number) => `http://localhost:${port}`;

function studioOriginOf(c: z.infer<typeof envSchema> & { PUBLIC_URL: string }): string | null {
  if (c.STUDIO_PUBLIC_URL) return new URL(c.STUDIO_PUBLIC_URL).origin;
  if (!c.STUDIO_PORT) return null;
  const url = new URL(c.PUBLIC_URL);
  url.port = String(c.STUDIO_PORT);
  return url.origin;
}
