import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS } from './calls/index.js';
import { EXPRESSIONS, LOCALES, OAUTH_ENUM, SCRIPT_TYPES, TICKET_USE_TYPES } from './constants.js';
import { envelopeSchema } from './envelope.js';
import { LOGIN_REQUIRED_STATUSES, STATUS, STATUS_MESSAGES, statusMessage } from './status.js';

/** SPEC §7, the table as written: method and path of every call. */
const SPEC_CALLS: [string, string][] = [
  ['GET', '/api/auth/h5/game/list'],
  ['GET', '/api/auth/h5/game/conversation/info'],
  ['GET', '/api/auth/h5/game/v2/conversation/info'],
  ['GET', '/api/auth/h5/game/chat/record'],
  ['GET', '/api/auth/h5/user/info'],
  ['POST', '/api/auth/h5/game/event'],
  ['GET', '/api/auth/h5/game/resource/info'],
  ['GET', '/api/h5/game/home'],
  ['GET', '/api/h5/game/home/page'],
  ['GET', '/api/h5/game/user/games'],
  ['GET', '/api/auth/v1/goods/coins'],
  ['POST', '/api/auth/v1/order'],
  ['GET', '/api/auth/v1/order'],
  ['POST', '/api/auth/h5/game/unlock'],
  ['GET', '/api/auth/wallet/balance'],
  ['GET', '/api/v1/validate/user/exist'],
  ['POST', '/api/v1/login/ticket'],
  ['POST', '/api/v1/register'],
  ['POST', '/api/v1/login'],
  ['POST', '/api/v1/forget'],
  ['POST', '/api/auth/h5/user/bind/invite/code'],
];

describe('calls', () => {
  const defined = Object.values(CALLS).map((c) => `${c.method} ${c.path}`);

  it('defines every call of SPEC §7 with its exact method and path', () => {
    for (const [method, path] of SPEC_CALLS) expect(defined).toContain(`${method} ${path}`);
  });

  it('has no two calls on the same method and path', () => {
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('needs a token exactly for the paths under /api/auth/', () => {
    for (const c of Object.values(CALLS)) expect(c.auth).toBe(c.path.startsWith('/api/auth/'));
  });

  it('keeps the payload field names of SPEC §3', () => {
    const keys = (s: z.ZodType | undefined) => Object.keys((s as z.ZodObject).shape);
    expect(keys(CALLS.login.body)).toEqual(
      expect.arrayContaining([
        'email',
        'pwd',
        'oauth_enum',
        'scene_type',
        'access_token',
        'openid',
        'nick_name',
        'avatar',
      ]),
    );
    expect(keys(CALLS.register.body)).toEqual(
      expect.arrayContaining([
        'email',
        'ticket',
        'pwd',
        'pwd_',
        'nick_name',
        'oauth_enum',
        'scene_type',
      ]),
    );
    expect(keys(CALLS.forget.body)).toEqual(
      expect.arrayContaining(['email', 'pwd', 'oauth_enum', 'ticket']),
    );
    expect(keys(CALLS.loginTicket.body)).toEqual(['email', 'send_to_email', 'ticket_use_type']);
    expect(keys(CALLS.bindInviteCode.body)).toEqual(
      expect.arrayContaining(['oauth_enum', 'nick_name', 'avatar', 'scene_type']),
    );
    expect(keys(CALLS.walletBalance.data)).toEqual(['gem_balance', 'balance']);
    expect(keys(CALLS.login.data)).toEqual(
      expect.arrayContaining([
        'access_token',
        'oauth_enum',
        'uid',
        'need_complete_nick_name',
        'new_user',
        'user_info_resp',
      ]),
    );
  });

  it('validates a login payload and refuses unknown fields', () => {
    const body = { email: 'a@b.co', pwd: 'secret1', oauth_enum: 'EMAIL', scene_type: 1 };
    expect(CALLS.login.body.safeParse(body).success).toBe(true);
    expect(CALLS.login.body.safeParse({ ...body, admin: true }).success).toBe(false);
    expect(CALLS.login.body.safeParse({ ...body, scene_type: 2 }).success).toBe(false);
    expect(CALLS.login.body.safeParse({ ...body, pwd: '12345' }).success).toBe(false);
    expect(CALLS.login.body.safeParse({ ...body, pwd: 'x'.repeat(21) }).success).toBe(false);
  });

  it('reads the wallet platform flag as SPEC §9 fixes it', () => {
    expect(CALLS.walletBalance.query.safeParse({ platform_flag: '2' }).success).toBe(true);
    expect(CALLS.walletBalance.query.safeParse({ platform_flag: '1' }).success).toBe(false);
  });
});

describe('enums of SPEC §3', () => {
  it('are exactly the spec values', () => {
    expect(OAUTH_ENUM).toEqual(['EMAIL', 'PHONE', 'GOOGLE', 'DISCORD', 'DF_ID']);
    expect(SCRIPT_TYPES).toHaveLength(11);
    expect(EXPRESSIONS).toEqual([
      'normal',
      'grin',
      'laugh',
      'happy',
      'love',
      'hungry',
      'observe',
      'kiss',
      'angry',
      'sleep',
      'dizzy',
      'smile',
    ]);
    expect(TICKET_USE_TYPES).toEqual(['REGISTER', 'UPDATE_PWD']);
  });
});

describe('status catalogue', () => {
  it('has a message in every language for every code', () => {
    for (const code of Object.values(STATUS)) {
      for (const locale of LOCALES) expect(STATUS_MESSAGES[code][locale].trim()).not.toBe('');
    }
  });

  it('gives 1005, 1006 and 1007 their meanings and marks them as login-required', () => {
    expect(STATUS.NO_TOKEN).toBe(1005);
    expect(STATUS.TOKEN_INVALID).toBe(1006);
    expect(STATUS.TOKEN_EXPIRED).toBe(1007);
    expect(LOGIN_REQUIRED_STATUSES).toEqual([1005, 1006, 1007]);
    expect(statusMessage(1007, 'zh_CN')).toContain('过期');
  });

  it('envelopes carry status, desc and data', () => {
    const schema = envelopeSchema(z.object({ n: z.number() }));
    expect(schema.safeParse({ status: 200, desc: 'Success', data: { n: 1 } }).success).toBe(true);
    expect(schema.safeParse({ status: 1005, desc: 'x', data: null }).success).toBe(true);
    expect(schema.safeParse({ status: 200, data: null }).success).toBe(false);
  });
});
