import { CALLS } from '@taleforge/contracts';
import { OAuth2Server } from 'oauth2-mock-server';
import { api } from './http.js';
import type { TestServer } from './server.js';

/**
 * Discord's OAuth endpoints on loopback (oauth2-mock-server): it checks each code against the
 * PKCE challenge it was issued with, so an invented or replayed code is refused.
 */
export async function startFakeDiscord() {
  const discord = new OAuth2Server();
  await discord.issuer.keys.generate('RS256');
  await discord.start(0, '127.0.0.1');
  const user = { id: 'discord-user-1', username: 'nightjar', global_name: 'Nightjar' };
  discord.service.on('beforeUserinfo', (res: { body: unknown }) => {
    res.body = { ...user, avatar: null };
  });
  const issuer = discord.issuer.url!;
  return {
    env: {
      DISCORD_CLIENT_ID: 'taleforge-discord',
      DISCORD_CLIENT_SECRET: 'discord-secret',
      DISCORD_AUTHORIZE_URL: `${issuer}/authorize`,
      DISCORD_TOKEN_URL: `${issuer}/token`,
      DISCORD_USER_URL: `${issuer}/userinfo`,
    },
    /** Who the next sign-in turns out to be. */
    signInAs(id: string) {
      user.id = id;
    },
    stop: () => discord.stop(),
  };
}

/** Starts a sign-in as the browser does and follows Discord's redirect back to our callback. */
export async function startDiscordFlow(server: TestServer, returnPath = '/') {
  const res = await api(server, CALLS.discordAuthorize, {
    dfId: 'v_test',
    body: { return_path: returnPath },
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const authorize = new URL(res.data!.authorize_url);
  // The provider's page: it sends the browser back with a code and our state.
  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  return {
    cookie,
    authorize,
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
  };
}
