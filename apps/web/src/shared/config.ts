/**
 * Runtime configuration. The server replaces `<!--taleforge-config-->` in index.html with
 * `<script id="taleforge-config" type="application/json">{…}</script>`, so one build serves every
 * environment. Read synchronously at start-up; the defaults apply under `vite dev`.
 */
export type AppConfig = {
  basePath: string;
  testHost: string;
  googleClientId: string | null;
  discordClientId: string | null;
  environment: 'development' | 'test' | 'production';
  /** The origin share links are written on (PUBLIC_URL); null under `vite dev`: the page's own. */
  publicUrl: string | null;
  /** The creator studio's origin: token sync accepts it alone; null under `vite dev` or with no studio. */
  studioOrigin: string | null;
  /** Where "create" opens the studio; null: no studio to open. */
  studioUrl: string | null;
};

export const DEFAULT_CONFIG: AppConfig = {
  basePath: '/taleforge',
  testHost: 'test.taleforge.app',
  googleClientId: null,
  discordClientId: null,
  environment: 'development',
  publicUrl: null,
  studioOrigin: null,
  studioUrl: null,
};

const ENVIRONMENTS: readonly AppConfig['environment'][] = ['development', 'test', 'production'];

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/** Only an http(s) origin: anything else would make share links point somewhere odd. */
function originOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
}

/** An http(s) address kept whole (a studio may live under a path). */
function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** Accepts only well-typed fields; anything missing or malformed keeps its default. */
export function parseConfig(text: string | null | undefined): AppConfig {
  if (!text) return { ...DEFAULT_CONFIG };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_CONFIG };
  }
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_CONFIG };
  const input = raw as Record<string, unknown>;
  const environment = ENVIRONMENTS.find((env) => env === input.environment);
  return {
    // A trailing slash would double up when joined with call paths.
    basePath: stringOr(input.basePath, DEFAULT_CONFIG.basePath).replace(/\/+$/, ''),
    testHost: stringOr(input.testHost, DEFAULT_CONFIG.testHost),
    googleClientId: optionalString(input.googleClientId),
    discordClientId: optionalString(input.discordClientId),
    environment: environment ?? DEFAULT_CONFIG.environment,
    publicUrl: originOrNull(input.publicUrl),
    studioOrigin: originOrNull(input.studioOrigin),
    studioUrl: httpUrlOrNull(input.studioUrl),
  };
}

function readConfig(): AppConfig {
  if (typeof document === 'undefined') return { ...DEFAULT_CONFIG };
  return parseConfig(document.getElementById('taleforge-config')?.textContent);
}

export const config: AppConfig = readConfig();
