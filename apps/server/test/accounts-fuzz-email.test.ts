import { CALLS, type CallDef, type LoginData } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/platform/db/schema/index.js';
import {
  inviteCode,
  login,
  PASSWORD,
  registerAccount,
  registerPayload,
} from './support/accounts.js';
import {
  anyValue,
  checkedCall,
  fieldChange,
  holds,
  locale,
  oddValidEmail,
  REFUSED_EMAILS,
  refusedEmail,
  shortWeirdText,
  UNICODE_EDGES,
  watchMails,
  withChange,
} from './support/fuzz.js';
import { api, type RawOptions } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';

// Every field of the email payloads, one at a time and all at once. Each answer must be catalogued
// and localized, leave no part of an account behind, and no address may get two mails in 60 s.

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mails: ReturnType<typeof watchMails>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_SCALE: '1000' });
  mails = watchMails(server, smtp);
});
afterAll(async () => {
  mails.expectSpaced();
  await server.close();
  await smtp.close();
});

const DEVICE = 'v_fuzz_email';
let serial = 0;
const fresh = (what: string) => `${what}${++serial}@fuzz.example`;

async function check(def: CallDef, options: RawOptions & { lang: Locale }) {
  const res = await checkedCall(server, def, { dfId: DEVICE, ...options });
  mails.note();
  return res;
}

async function codeFor(email: string, use: 'REGISTER' | 'UPDATE_PWD' = 'REGISTER') {
  const res = await api(server, CALLS.loginTicket, {
    dfId: DEVICE,
    body: { email, send_to_email: true, ticket_use_type: use },
  });
  mails.note();
  expect(res.status).toBe(200);
  return smtp.codeFor(email.trim().toLowerCase());
}

describe('every field of every email payload, fuzzed', () => {
  it('ticket: email, send_to_email, ticket_use_type', async () => {
    const fields = ['email', 'send_to_email', 'ticket_use_type'];
    await holds(
      fc.asyncProperty(
        fieldChange(fields, fc.oneof(anyValue, oddValidEmail, refusedEmail)),
        locale,
        async (change, lang) => {
          const base = { email: fresh('t'), send_to_email: true, ticket_use_type: 'REGISTER' };
          await check(CALLS.loginTicket, { body: withChange(base, change), lang });
        },
      ),
      40,
    );
    // The same addresses again, at once and in other letter cases: still one mail each.
    await Promise.all(
      smtp.mails.slice(-5).map((m) =>
        check(CALLS.loginTicket, {
          body: { email: m.to[0]!.toUpperCase(), ticket_use_type: 'UPDATE_PWD' },
          lang: 'zh_CN',
        }).then((res) => expect(res.status).toBe(2003)),
      ),
    );
  });

  it('register: every field including invite_code and register_df_id', async () => {
    const fields = [
      'email',
      'ticket',
      'pwd',
      'pwd_',
      'nick_name',
      'oauth_enum',
      'scene_type',
      'invite_code',
      'register_df_id',
    ];
    await holds(
      fc.asyncProperty(
        fieldChange(fields, fc.oneof(anyValue, oddValidEmail)),
        locale,
        async (change, lang) => {
          const email = fresh('r');
          const base = registerPayload(email, await codeFor(email), await inviteCode(server), {
            nick_name: 'Fuzzy',
            register_df_id: 'v_fuzz_device',
          });
          const body = withChange(base, change);
          const res = await check(CALLS.register, { body, lang });
          if (res.status !== 200) return;
          // Whatever got through is kept exactly as sent: markup and SQL are just text.
          const [row] = await server.database.db
            .select()
            .from(users)
            .where(eq(users.publicId, (res.data as LoginData).uid));
          expect(row!.nickName).toBe(String(body.nick_name).trim());
          expect(row!.registerDfId).toBe(body.register_df_id ?? DEVICE);
        },
      ),
      45,
    );
  }, 60_000);

  it('register: each Unicode edge case inside a nickname, invite code and device id', async () => {
    for (const edge of UNICODE_EDGES) {
      for (const field of ['nick_name', 'invite_code', 'register_df_id'] as const) {
        const email = fresh('u');
        const invite = await inviteCode(server);
        const body = registerPayload(email, await codeFor(email), invite, {
          register_df_id: 'v_edge',
          [field]: field === 'invite_code' ? `${invite}${edge}` : `Wren${edge}`,
        });
        const res = await check(CALLS.register, { body, lang: 'zh_CN' });
        // Either kept exactly (a trimmed nickname) or refused; NUL once answered 500 here. A
        // nickname hiding characters is refused by the text policy (1008, decision 50).
        if (res.status === 200) {
          const info = (res.data as LoginData).user_info_resp;
          if (field === 'nick_name') expect(info.nick_name).toBe(body.nick_name.trim());
        } else expect([1001, 1008, 2004], `${field} ${JSON.stringify(edge)}`).toContain(res.status);
      }
    }
  }, 60_000);

  it('login with email and password: every field', async () => {
    const email = fresh('l');
    expect((await registerAccount(server, smtp, email)).status).toBe(200);
    mails.note();
    const base = { email, pwd: PASSWORD, oauth_enum: 'EMAIL', scene_type: 1 };
    await holds(
      fc.asyncProperty(fieldChange(Object.keys(base)), locale, async (change, lang) => {
        await check(CALLS.login, { body: withChange(base, change), lang });
      }),
      40,
    );
    expect((await login(server, email)).status).toBe(200);
  }, 60_000);

  it('forget: every field', async () => {
    const email = fresh('f');
    expect((await registerAccount(server, smtp, email)).status).toBe(200);
    mails.note();
    await holds(
      fc.asyncProperty(
        fieldChange(['email', 'pwd', 'oauth_enum', 'ticket']),
        locale,
        async (change, lang) => {
          server.clock.advance(61_000);
          const base = {
            email,
            pwd: 'renewed-pass',
            oauth_enum: 'EMAIL',
            ticket: await codeFor(email, 'UPDATE_PWD'),
          };
          await check(CALLS.forget, { body: withChange(base, change), lang });
        },
      ),
      30,
    );
  }, 60_000);

  it('exist: the email parameter, repeated or odd', async () => {
    await holds(
      fc.asyncProperty(
        fc.array(fc.oneof(shortWeirdText, oddValidEmail, refusedEmail), { maxLength: 2 }),
        locale,
        async (values, lang) => {
          const query = new URLSearchParams(values.map((v): [string, string] => ['email', v]));
          const res = await check(CALLS.userExist, { search: `?${query}`, lang });
          if (res.status === 200) expect(typeof res.data).toBe('boolean');
        },
      ),
      40,
    );
    // Past Node's header size limit the request never reaches us: refused, not a 500.
    const long = await api(server, CALLS.userExist, {
      query: { email: `${'a'.repeat(20_000)}@example.com` },
    });
    expect(long.http).toBe(431);
  });

  it('all fields of all four bodies at once', async () => {
    const body = fc.dictionary(
      fc.constantFrom('email', 'ticket', 'pwd', 'pwd_', 'nick_name', 'oauth_enum', 'scene_type'),
      anyValue,
    );
    await holds(
      fc.asyncProperty(body, locale, async (sent, lang) => {
        for (const def of [CALLS.register, CALLS.login, CALLS.forget, CALLS.loginTicket])
          await check(def, { body: sent, lang });
      }),
      25,
    );
  }, 60_000);
});

describe('odd but valid emails', () => {
  it('reach the success path: code, registration, existence, login in any case', async () => {
    await holds(
      fc.asyncProperty(oddValidEmail, locale, async (raw, lang) => {
        const email = raw.replace(/@/, `${++serial}@`);
        const normal = email.trim().toLowerCase();
        const res = await check(CALLS.register, {
          lang,
          body: {
            email,
            ticket: await codeFor(email),
            pwd: PASSWORD,
            pwd_: PASSWORD,
            nick_name: 'Oddball',
            oauth_enum: 'EMAIL',
            scene_type: 1,
            invite_code: await inviteCode(server),
          },
        });
        expect(res.status, res.desc).toBe(200);
        const exists = await check(CALLS.userExist, {
          query: { email: normal.toUpperCase() },
          lang,
        });
        expect(exists.data).toBe(true);
        expect((await login(server, ` ${normal.toUpperCase()}`)).status).toBe(200);
      }),
      12,
    );
  }, 60_000);

  it('forms the contract does not take are refused as a bad format, in the asked language', async () => {
    for (const email of REFUSED_EMAILS) {
      const res = await check(CALLS.loginTicket, {
        body: { email, ticket_use_type: 'REGISTER' },
        lang: 'ja_JP',
      });
      expect(res.status).toBe(1001);
      expect(res.desc).toMatch(/^パラメータが正しくありません: email: /);
    }
  });
});
