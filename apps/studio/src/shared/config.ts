/**
 * The studio's runtime configuration. The server that serves the studio replaces
 * `<!--taleforge-config-->` in index.html with a JSON script (apps/server's studio-site), so one
 * build serves every environment; under `vite dev` the dev server fills it in for the local server
 * (vite.config.ts). The defaults stand in only where no page gave one (tests).
 */
export type StudioConfig = {
  /** The player site's API: its origin and product path. */
  apiBase: string;
  /** The player site's origin: "View on Taleforge" and token sync go there, and only there. */
  playerUrl: string;
  environment: 'development' | 'test' | 'production';
};

export const DEFAULT_CONFIG: StudioConfig = {
  apiBase: 'http://localhost:8080/taleforge',
  playerUrl: 'http://localhost:8080',
  environment: 'development',
};

const ENVIRONMENTS: readonly StudioConfig['environment'][] = ['development', 'test', 'production'];

/** Only an http(s) address: anything else would send the creator's token somewhere odd. */
function httpUrlOr(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !URL.canParse(value)) return fallback;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? value : fallback;
}

/** Accepts only well-typed fields; anything missing or malformed keeps its default. */
export function parseConfig(text: string | null | undefined): StudioConfig {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_CONFIG };
  const input = raw as Record<string, unknown>;
  return {
    // A trailing slash would double up when joined with call paths.
    apiBase: httpUrlOr(input.apiBase, DEFAULT_CONFIG.apiBase).replace(/\/+$/, ''),
    playerUrl: new URL(httpUrlOr(input.playerUrl, DEFAULT_CONFIG.playerUrl)).origin,
    environment:
      ENVIRONMENTS.find((env) => env === input.environment) ?? DEFAULT_CONFIG.environment,
  };
}

export const config: StudioConfig = parseConfig(
  typeof document === 'undefined' ? null : document.getElementById('taleforge-config')?.textContent,
);

/** A media or art address from the API, which may be a path on the player site's origin. */
export function mediaUrl(address: string): string {
  return address.startsWith('/') ? `${new URL(config.apiBase).origin}${address}` : address;
}
