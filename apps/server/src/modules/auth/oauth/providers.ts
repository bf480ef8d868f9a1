import type { Config } from '../../../config.js';

export interface ProviderUser {
  id: string;
  name: string | null;
  avatar: string | null;
}

export class ProviderError extends Error {}

const TIMEOUT_MS = 8_000;

async function getJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`unreachable: ${(error as Error).message}`);
  }
  if (!res.ok) throw new ProviderError(`HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') throw new ProviderError('not JSON');
  return body;
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * Google: the browser's access token is checked with Google — issued to our client id, unexpired —
 * and the identity is read from Google's userinfo, never from what the browser posted.
 */
export async function verifyGoogleToken(
  config: Config,
  accessToken: string,
): Promise<ProviderUser> {
  // URLSearchParams, not encodeURIComponent: that throws on a lone surrogate, which is a 500.
  const tokenInfoUrl = new URL(config.GOOGLE_TOKENINFO_URL);
  tokenInfoUrl.searchParams.set('access_token', accessToken);
  const info = await getJson(tokenInfoUrl.toString(), {});
  const audience = str(info.aud) ?? str(info.azp);
  if (audience !== config.GOOGLE_CLIENT_ID)
    throw new ProviderError('token issued to another client');
  const user = await getJson(config.GOOGLE_USERINFO_URL, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const id = str(user.sub);
  if (!id) throw new ProviderError('no subject');
  if (str(info.sub) && str(info.sub) !== id) throw new ProviderError('subject mismatch');
  return { id, name: str(user.name), avatar: str(user.picture) };
}

/** Discord: the authorization code is exchanged with its PKCE verifier, then the user is read. */
export async function exchangeDiscordCode(
  config: Config,
  code: string,
  codeVerifier: string,
): Promise<ProviderUser> {
  const token = await getJson(config.DISCORD_TOKEN_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${config.DISCORD_CLIENT_ID}:${config.DISCORD_CLIENT_SECRET ?? ''}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: discordRedirectUri(config),
      code_verifier: codeVerifier,
    }),
  });
  const accessToken = str(token.access_token);
  if (!accessToken) throw new ProviderError('no access token');
  const user = await getJson(config.DISCORD_USER_URL, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const id = str(user.id) ?? str(user.sub);
  if (!id) throw new ProviderError('no user id');
  const avatarHash = str(user.avatar);
  const avatar =
    avatarHash && str(user.id)
      ? `https://cdn.discordapp.com/avatars/${user.id}/${avatarHash}.png`
      : str(user.picture);
  return { id, name: str(user.global_name) ?? str(user.username) ?? str(user.name), avatar };
}

export function discordRedirectUri(config: Config): string {
  return new URL('/discordloginback', config.PUBLIC_URL).toString();
}

export function discordAuthorizeUrl(
  config: Config,
  flow: { state: string; codeChallenge: string },
): string {
  const url = new URL(config.DISCORD_AUTHORIZE_URL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.DISCORD_CLIENT_ID ?? '',
    scope: 'identify',
    redirect_uri: discordRedirectUri(config),
    state: flow.state,
    code_challenge: flow.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'none',
  }).toString();
  return url.toString();
}
