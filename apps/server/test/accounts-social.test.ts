import { createHash } from 'node:crypto';
import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../src/platform/db/schema/index.js';
import { inviteCode } from './support/accounts.js';
import { startDiscordFlow, startFakeDiscord } from './support/fake-discord.js';
import { startFakeGoogle } from './support/fake-google.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let bare: TestServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let discord: Awaited<ReturnType<typeof startFakeDiscord>>;

beforeAll(async () => {
  google = await startFakeGoogle();
  discord = await startFakeDiscord();
  server = await startTestServer({
    ...google.env,
    ...discord.env,
    GOOGLE_CLIENT_ID: 'taleforge-web',
    AUTH_RATE_LIMIT_SCALE: '1000',
  });
  bare = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await bare.close();
  await google.close();
  await discord.stop();
});

const googleLogin = (body: Record<string, unknown>, target = server) =>
  api(target, CALLS.login, {
    body: { oauth_enum: 'GOOGLE', scene_type: 1, ...body },
  });

describe('Google sign-in', () => {
  it('verifies the token with Google and keys the account by Google subject', async () => {
    google.tokens.set('tok-ana', {
      aud: 'taleforge-web',
      sub: 'g-100',
      name: 'Ana',
      picture: 'https://img.example/ana.png',
    });
    const first = await googleLogin({
      access_token: 'tok-ana',
      openid: 'g-100',
      nick_name: 'Evil Admin',
      avatar: 'https://lh3.googleusercontent.com/a/posted',
    });
    expect(first.data).toMatchObject({
      oauth_enum: 'GOOGLE',
      new_user: true,
      need_complete_nick_name: true,
    });
    // The posted nickname is not trusted; Google's profile is.
    expect(first.data!.user_info_resp.nick_name).toBe('Ana');
    const again = await googleLogin({ access_token: 'tok-ana' });
    expect(again.data).toMatchObject({ uid: first.data!.uid, new_user: false });
  });

  it('refuses forged, expired and foreign tokens and a mismatched openid', async () => {
    google.tokens.set('tok-expired', {
      aud: 'taleforge-web',
      sub: 'g-2',
      name: 'x',
      picture: '',
      expired: true,
    });
    google.tokens.set('tok-other-app', { aud: 'someone-else', sub: 'g-3', name: 'x', picture: '' });
    google.tokens.set('tok-bo', { aud: 'taleforge-web', sub: 'g-4', name: 'Bo', picture: '' });
    for (const body of [
      { access_token: 'forged' },
      { access_token: 'tok-expired' },
      { access_token: 'tok-other-app' },
      { access_token: 'tok-bo', openid: 'g-100' },
    ]) {
      expect((await googleLogin(body)).status).toBe(2009);
    }
  });

  it('a new social account must bind nickname and invite before anything else', async () => {
    google.tokens.set('tok-cy', { aud: 'taleforge-web', sub: 'g-200', name: 'Cy', picture: '' });
    const { data } = await googleLogin({ access_token: 'tok-cy' });
    const token = data!.access_token;
    expect((await api(server, CALLS.gameList, { token })).status).toBe(2010);
    expect((await api(server, CALLS.userInfo, { token })).data!.need_complete_nick_name).toBe(true);
    const bindBody: CallBodyInput<typeof CALLS.bindInviteCode> = {
      oauth_enum: 'GOOGLE',
      nick_name: 'Cyrene',
      scene_type: 1,
      invite_code: 'WRONG123',
    };
    expect((await api(server, CALLS.bindInviteCode, { token, body: bindBody })).status).toBe(2004);
    const nick = await api(server, CALLS.bindInviteCode, {
      token,
      body: { ...bindBody, nick_name: 'Cy' },
    });
    expect(nick.status).toBe(1001);
    const bound = await api(server, CALLS.bindInviteCode, {
      token,
      body: { ...bindBody, invite_code: (await inviteCode(server)).toLowerCase() },
    });
    expect(bound.data).toMatchObject({ nick_name: 'Cyrene', need_complete_nick_name: false });
    expect((await api(server, CALLS.gameList, { token })).status).toBe(200);
  });

  it('says so when Google is not configured', async () => {
    expect((await googleLogin({ access_token: 'tok-ana' }, bare)).status).toBe(2008);
    const d = await api(bare, CALLS.discordAuthorize, { body: { return_path: '/' } });
    expect(d.status).toBe(2008);
  });
});

const startDiscord = (returnPath: string) => startDiscordFlow(server, returnPath);

const discordLogin = (flow: { code: string; state: string }, cookie?: string) =>
  api(server, CALLS.login, {
    body: { oauth_enum: 'DISCORD', scene_type: 1, code: flow.code, state: flow.state },
    headers: cookie ? { cookie } : {},
  });

describe('Discord sign-in', () => {
  it('runs the code flow with PKCE, an exact redirect URI and the return path', async () => {
    const flow = await startDiscord('/drama/7?chapter=2');
    expect(flow.authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/discordloginback',
    );
    expect(flow.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const res = await discordLogin(flow, flow.cookie);
    expect(res.data).toMatchObject({
      oauth_enum: 'DISCORD',
      need_complete_nick_name: true,
      return_path: '/drama/7?chapter=2',
    });
  });

  it('a state is single-use and bound to the browser that started the flow', async () => {
    const flow = await startDiscord('/');
    expect((await discordLogin(flow)).status).toBe(2011);
    const other = await startDiscord('/');
    expect((await discordLogin(flow, other.cookie)).status).toBe(2011);
    const fresh = await startDiscord('/');
    expect((await discordLogin(fresh, fresh.cookie)).status).toBe(200);
    expect((await discordLogin(fresh, fresh.cookie)).status).toBe(2011);
  });

  it('a state expires', async () => {
    const flow = await startDiscord('/');
    server.clock.advance(11 * 60_000);
    expect((await discordLogin(flow, flow.cookie)).status).toBe(2011);
  });

  it('keys accounts by Discord user id', async () => {
    discord.signInAs('discord-user-2');
    const a = await startDiscord('/');
    const first = await discordLogin(a, a.cookie);
    const b = await startDiscord('/');
    const second = await discordLogin(b, b.cookie);
    expect(second.data!.uid).toBe(first.data!.uid);
  });
});

describe('return paths stay on this site', () => {
  it.each([
    '/\t/evil.example/x',
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/..//evil.example',
  ])(
    'a Discord sign-in started with %j returns to /, and the state never holds it',
    async (path) => {
      const flow = await startDiscord(path);
      const [stored] = await server.database.db
        .select({ returnPath: oauthStates.returnPath })
        .from(oauthStates)
        .where(
          eq(oauthStates.stateHash, createHash('sha256').update(flow.state).digest('base64url')),
        );
      expect(stored!.returnPath).toBe('/');
      const res = await discordLogin(flow, flow.cookie);
      expect(res.data!.return_path).toBe('/');
    },
  );
});
