import { CALLS } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS, statusMessage } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../src/platform/db/schema/index.js';
import { PASSWORD, registerAccount } from './support/accounts.js';
import { api, type EnvelopeResponse } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';

// Behind a proxy (TRUST_PROXY) the client address is the one X-Forwarded-For names, so each
// request here can come from an address of its own. `limited` has the real limits of
// auth-limits.ts; `roomy` scales them up so only the account lock can refuse.

let limited: TestServer;
let roomy: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  limited = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
  roomy = await startTestServer({
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_SCALE: '1000',
  });
});
afterAll(async () => {
  await limited.close();
  await roomy.close();
  await smtp.close();
});

type Extra = { lang?: Locale; headers: Record<string, string> };
type Send = (email: string, extra: Extra) => Promise<EnvelopeResponse>;

const senders: Record<'exist' | 'ticket' | 'login' | 'register' | 'forget', Send> = {
  exist: (email, extra) => api(limited, CALLS.userExist, { query: { email }, ...extra }),
  ticket: (email, extra) =>
    api(limited, CALLS.loginTicket, {
      body: { email, ticket_use_type: 'UPDATE_PWD' },
      ...extra,
    }),
  login: (email, extra) =>
    api(limited, CALLS.login, {
      body: { email, pwd: 'guess-123', oauth_enum: 'EMAIL', scene_type: 1 },
      ...extra,
    }),
  register: (email, extra) =>
    api(limited, CALLS.register, {
      body: {
        email,
        ticket: '000000',
        pwd: PASSWORD,
        pwd_: PASSWORD,
        nick_name: 'Wren',
        oauth_enum: 'EMAIL',
        scene_type: 1,
        invite_code: 'NOSUCHONE',
      },
      ...extra,
    }),
  forget: (email, extra) =>
    api(limited, CALLS.forget, {
      body: { email, pwd: PASSWORD, oauth_enum: 'EMAIL', ticket: '000000' },
      ...extra,
    }),
};

let block = 0;
function send(name: keyof typeof senders, email: string, ip: string, lang?: Locale) {
  return senders[name](email, { lang, headers: { 'x-forwarded-for': ip } });
}

/** The (limit + 1)th request is refused with the body status and the localized message. */
async function expectLimit(
  name: keyof typeof senders,
  limit: number,
  next: (i: number) => { email: string; ip: string },
  lang: Locale,
) {
  for (let i = 0; i < limit; i++) {
    const { email, ip } = next(i);
    const res = await send(name, email, ip);
    expect(res.status, `${name} request ${i + 1}`).not.toBe(STATUS.RATE_LIMITED);
  }
  const { email, ip } = next(limit);
  const refused = await send(name, email, ip, lang);
  expect(refused).toMatchObject({
    http: 200,
    status: STATUS.RATE_LIMITED,
    desc: statusMessage(STATUS.RATE_LIMITED, lang),
  });
}

const LIMITS = [
  // name, per IP, per email (auth-limits.ts, unscaled)
  ['exist', 10, 10, 'ja_JP'],
  ['ticket', 10, 5, 'zh_CN'],
  ['login', 30, 10, 'en_US'],
  ['register', 10, 5, 'ja_JP'],
  ['forget', 10, 5, 'zh_CN'],
] as const;

describe('rate limits, per IP and per email', () => {
  it.each(LIMITS)('%s: %i a window from one address', async (name, perIp, _perEmail, lang) => {
    const b = ++block;
    await expectLimit(
      name,
      perIp,
      (i) => ({ email: `${name}-ip-${i}@example.com`, ip: `10.${b}.0.1` }),
      lang,
    );
    // Another address is not held back by the first one's count.
    expect((await send(name, `${name}-other@example.com`, `10.${b}.0.2`)).status).not.toBe(1003);
  });

  it.each(LIMITS)(
    '%s: %i a window for one email, whatever the address',
    async (name, _perIp, perEmail, lang) => {
      const b = ++block;
      // The same email in another letter case is the same subject.
      await expectLimit(
        name,
        perEmail,
        (i) => ({
          email: i % 2 ? `${name}-Mail@Example.com` : `${name}-mail@example.com`,
          ip: `10.${b}.${i}.1`,
        }),
        lang,
      );
    },
  );
});

describe('behind a proxy that appends to X-Forwarded-For (TRUST_PROXY names it)', () => {
  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const proxied = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
    try {
      const exist = (i: number, lang?: Locale) =>
        api(proxied, CALLS.userExist, {
          lang,
          query: { email: `hop-${i}@example.com` },
          // The client invents a new address each time; the proxy appends the one it saw.
          headers: { 'x-forwarded-for': `10.99.${i}.1, 198.51.100.23` },
        });
      for (let i = 0; i < 10; i++) expect((await exist(i)).status).not.toBe(STATUS.RATE_LIMITED);
      expect(await exist(10, 'en_US')).toMatchObject({
        status: STATUS.RATE_LIMITED,
        desc: statusMessage(STATUS.RATE_LIMITED, 'en_US'),
      });
      // Another client behind the same proxy has a count of its own.
      const other = await api(proxied, CALLS.userExist, {
        query: { email: 'hop-other@example.com' },
        headers: { 'x-forwarded-for': '198.51.100.24' },
      });
      expect(other.status).not.toBe(STATUS.RATE_LIMITED);
    } finally {
      await proxied.close();
    }
  });
});

describe('the account lock', () => {
  it('100 consecutive failures from 100 addresses lock password login from any address', async () => {
    await registerAccount(roomy, smtp, 'spread@example.com');
    const wrong = (ip: string) =>
      api(roomy, CALLS.login, {
        headers: { 'x-forwarded-for': ip },
        body: { email: 'spread@example.com', pwd: 'nope-nope', oauth_enum: 'EMAIL', scene_type: 1 },
      });
    for (let i = 0; i < 100; i++) expect((await wrong(`172.16.${i}.9`)).status).toBe(2005);
    // The failures were counted against each sender, not one address.
    const rows = await roomy.database.db
      .select({ ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.email, 'spread@example.com'));
    expect(new Set(rows.map((r) => r.ip)).size).toBe(100);

    for (const ip of ['192.0.2.77', '198.51.100.1']) {
      const res = await api(roomy, CALLS.login, {
        lang: 'zh_CN',
        headers: { 'x-forwarded-for': ip },
        body: { email: 'spread@example.com', pwd: PASSWORD, oauth_enum: 'EMAIL', scene_type: 1 },
      });
      expect(res).toMatchObject({ status: 2006, desc: statusMessage(2006, 'zh_CN') });
    }
  }, 60_000);
});
