import { CALLS, type CallBodyInput, type TicketUseType } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/platform/db/schema/index.js';
import {
  inviteCode,
  login,
  PASSWORD,
  registerAccount,
  registerPayload,
} from './support/accounts.js';
import { startDiscordFlow, startFakeDiscord } from './support/fake-discord.js';
import { startFakeGoogle } from './support/fake-google.js';
import { countAccounts } from './support/fuzz.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let discord: Awaited<ReturnType<typeof startFakeDiscord>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  google = await startFakeGoogle();
  discord = await startFakeDiscord();
  server = await startTestServer({
    ...google.env,
    ...discord.env,
    GOOGLE_CLIENT_ID: 'taleforge-web',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_SCALE: '1000',
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await google.close();
  await discord.stop();
});

const ticket = (email: string, use: TicketUseType = 'REGISTER') =>
  api(server, CALLS.loginTicket, { body: { email, ticket_use_type: use } });

async function registerBody(email: string, overrides: Record<string, unknown> = {}) {
  expect((await ticket(email)).status).toBe(200);
  return registerPayload(email, smtp.codeFor(email), await inviteCode(server), overrides);
}

const registerDfIdOf = async (uid: string) =>
  (await server.database.db.select().from(users).where(eq(users.publicId, uid)))[0]!.registerDfId;

describe('lengths are counted in characters, as the form counts them', () => {
  const key = '🔑';

  it('a password of 20 emoji registers and logs in; 21 are refused in the asked language', async () => {
    const twenty = key.repeat(20);
    const ok = await api(server, CALLS.register, {
      body: await registerBody('emoji20@example.com', { pwd: twenty, pwd_: twenty }),
    });
    expect(ok.status, ok.desc).toBe(200);
    expect((await login(server, 'emoji20@example.com', twenty)).status).toBe(200);

    const body = await registerBody('emoji21@example.com', {
      pwd: key.repeat(21),
      pwd_: key.repeat(21),
    });
    const refused = await api(server, CALLS.register, { body, lang: 'zh_CN' });
    expect(refused).toMatchObject({
      status: 1001,
      desc: '参数错误: pwd: 数值过大：期望 string <=20 字符',
    });
    const english = await api(server, CALLS.register, { body });
    expect(english.desc).toBe(
      'Invalid parameters: pwd: Too big: expected string to have <=20 characters',
    );
  });

  it('three emoji are too short for a password though they are six UTF-16 units', async () => {
    const body = await registerBody('emoji3@example.com', { pwd: '🔑🔑🔑', pwd_: '🔑🔑🔑' });
    const res = await api(server, CALLS.register, { body, lang: 'ja_JP' });
    expect(res.status).toBe(1001);
    expect(res.desc).toMatch(/^パラメータが正しくありません: pwd: .*6/);
  });

  it('a nickname of 20 emoji is taken and 21 are not', async () => {
    const ok = await api(server, CALLS.register, {
      body: await registerBody('nick20@example.com', { nick_name: key.repeat(20) }),
    });
    expect(ok.data!.user_info_resp.nick_name).toBe(key.repeat(20));
    const refused = await api(server, CALLS.register, {
      body: await registerBody('nick21@example.com', { nick_name: key.repeat(21) }),
      lang: 'en_US',
    });
    expect(refused.desc).toBe(
      'Invalid parameters: nick_name: Too big: expected string to have <=20 characters',
    );
  });
});

describe('the nickname follows the text policy (decision 50)', () => {
  it('registration refuses a hidden override or a reserved name, creating nothing', async () => {
    const before = await countAccounts(server);
    const hidden = await api(server, CALLS.register, {
      body: await registerBody('rlo@example.com', { nick_name: 'Adm\u202enimda' }),
      lang: 'ja_JP',
    });
    expect(hidden).toMatchObject({
      status: 1008,
      desc: '名前に見えない文字や文字の向きを変える文字は使えません',
    });
    const reserved = await api(server, CALLS.register, {
      body: await registerBody('mod@example.com', { nick_name: 'Taleforge' }),
    });
    expect(reserved).toMatchObject({
      status: 1009,
      desc: 'This name is reserved, please choose another',
    });
    expect(await countAccounts(server)).toEqual(before);
  });

  it('a provider name that hides characters or passes for staff is not kept as the nickname', async () => {
    for (const [sub, name, kept] of [
      ['g-rlo', 'Eve\u202eevE', null],
      ['g-admin', 'Аdmin', null],
      ['g-ok', 'José Müller', 'José Müller'],
    ] as const) {
      google.tokens.set(`tok-${sub}`, { aud: 'taleforge-web', sub, name, picture: '' });
      const res = await api(server, CALLS.login, {
        body: { oauth_enum: 'GOOGLE', scene_type: 1, access_token: `tok-${sub}` },
      });
      expect(res.status).toBe(200);
      expect(res.data!.user_info_resp.nick_name, name).toBe(kept);
      expect(res.data!.need_complete_nick_name).toBe(true);
    }
  });

  it('binding the invite code refuses a reserved nickname', async () => {
    google.tokens.set('tok-bind-mod', {
      aud: 'taleforge-web',
      sub: 'g-bind-mod',
      name: 'M',
      picture: '',
    });
    const signedIn = await api(server, CALLS.login, {
      body: { oauth_enum: 'GOOGLE', scene_type: 1, access_token: 'tok-bind-mod' },
    });
    const bound = await api(server, CALLS.bindInviteCode, {
      token: signedIn.data!.access_token,
      body: {
        oauth_enum: 'GOOGLE',
        nick_name: 'M0derator',
        scene_type: 1,
        invite_code: await inviteCode(server),
      },
    });
    expect(bound.status).toBe(1009);
  });
});

describe('a code works once', () => {
  it('a registration code used once is refused the second time', async () => {
    const body = await registerBody('twice@example.com');
    expect((await api(server, CALLS.register, { body })).status).toBe(200);
    const again = await api(server, CALLS.register, {
      body: { ...body, invite_code: await inviteCode(server) },
      lang: 'ja_JP',
    });
    expect(again).toMatchObject({
      status: 2002,
      desc: '認証コードが正しくないか、有効期限が切れています',
    });
  });

  it('a reset code used once is refused the second time', async () => {
    await registerAccount(server, smtp, 'reset-twice@example.com');
    server.clock.advance(61_000);
    await ticket('reset-twice@example.com', 'UPDATE_PWD');
    const body: CallBodyInput<typeof CALLS.forget> = {
      email: 'reset-twice@example.com',
      pwd: 'first-reset',
      oauth_enum: 'EMAIL',
      ticket: smtp.codeFor('reset-twice@example.com'),
    };
    expect((await api(server, CALLS.forget, { body })).status).toBe(200);
    const again = await api(server, CALLS.forget, {
      body: { ...body, pwd: 'second-reset' },
    });
    expect(again).toMatchObject({
      status: 2002,
      desc: 'The verification code is incorrect or has expired',
    });
    expect((await login(server, 'reset-twice@example.com', 'first-reset')).status).toBe(200);
    expect((await login(server, 'reset-twice@example.com', 'second-reset')).status).toBe(2005);
  });
});

describe('register_df_id is stored on login and on bind, not only on register', () => {
  it('password login keeps the device the player signs in from', async () => {
    const { data } = await registerAccount(server, smtp, 'device@example.com', { dfId: 'v_one' });
    expect(await registerDfIdOf(data!.uid)).toBe('v_one');
    const posted = await api(server, CALLS.login, {
      dfId: 'v_two',
      body: {
        email: 'device@example.com',
        pwd: PASSWORD,
        oauth_enum: 'EMAIL',
        scene_type: 1,
        register_df_id: 'v_posted',
      },
    });
    expect(posted.status).toBe(200);
    expect(await registerDfIdOf(data!.uid)).toBe('v_posted');
    // Without the field, the df_id the request came with.
    const plain = await api(server, CALLS.login, {
      dfId: 'v_three',
      body: { email: 'device@example.com', pwd: PASSWORD, oauth_enum: 'EMAIL', scene_type: 1 },
    });
    expect(plain.status).toBe(200);
    expect(await registerDfIdOf(data!.uid)).toBe('v_three');
  });

  it('binding the invite code keeps it for a social account', async () => {
    google.tokens.set('tok-bind', { aud: 'taleforge-web', sub: 'g-bind', name: 'B', picture: '' });
    const signedIn = await api(server, CALLS.login, {
      dfId: 'v_first_seen',
      body: { oauth_enum: 'GOOGLE', scene_type: 1, access_token: 'tok-bind' },
    });
    expect(await registerDfIdOf(signedIn.data!.uid)).toBe('v_first_seen');
    const bound = await api(server, CALLS.bindInviteCode, {
      token: signedIn.data!.access_token,
      body: {
        oauth_enum: 'GOOGLE',
        nick_name: 'Binder',
        scene_type: 1,
        invite_code: await inviteCode(server),
        register_df_id: 'v_bound_here',
      },
    });
    expect(bound.status).toBe(200);
    expect(await registerDfIdOf(signedIn.data!.uid)).toBe('v_bound_here');
  });
});

describe('Discord', () => {
  it('refuses a forged code, in the asked language, creating nothing', async () => {
    discord.signInAs('discord-forged');
    const flow = await startDiscordFlow(server);
    const before = await countAccounts(server);
    const res = await api(server, CALLS.login, {
      lang: 'ja_JP',
      headers: { cookie: flow.cookie },
      body: { oauth_enum: 'DISCORD', scene_type: 1, code: 'forged-code', state: flow.state },
    });
    expect(res).toMatchObject({
      status: 2009,
      desc: '外部アカウントでのログインに失敗しました。もう一度お試しください',
    });
    expect(await countAccounts(server)).toEqual(before);
  });

  it('refuses a real code the second time', async () => {
    const first = await startDiscordFlow(server);
    const ok = await api(server, CALLS.login, {
      headers: { cookie: first.cookie },
      body: { oauth_enum: 'DISCORD', scene_type: 1, code: first.code, state: first.state },
    });
    expect(ok.status).toBe(200);
    const second = await startDiscordFlow(server);
    const replay = await api(server, CALLS.login, {
      headers: { cookie: second.cookie },
      body: { oauth_enum: 'DISCORD', scene_type: 1, code: first.code, state: second.state },
    });
    expect(replay.status).toBe(2009);
  });
});
