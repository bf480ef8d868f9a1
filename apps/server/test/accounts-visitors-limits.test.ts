import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews, users } from '../src/platform/db/schema/index.js';
import { makeAdmin, registerAccount } from './support/accounts.js';
import { api, apiRaw } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';
import { newVisitor, visitorLogin } from './support/visitors.js';

let server: TestServer;
let limited: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_SCALE: '1000' });
  limited = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await limited.close();
  await smtp.close();
});

describe('visitors', () => {
  it('a browser signs in anonymously with DF_ID, always to the same account', async () => {
    const alpha = await newVisitor(server);
    const first = await visitorLogin(server, alpha);
    expect(first.data).toMatchObject({
      oauth_enum: 'DF_ID',
      new_user: true,
      need_complete_nick_name: false,
    });
    const again = await visitorLogin(server, alpha);
    expect(again.data).toMatchObject({ uid: first.data!.uid, new_user: false });
    expect((await api(server, CALLS.gameList, { token: again.data!.access_token })).status).toBe(
      200,
    );
    expect((await visitorLogin(server, { dfId: 'local-123' })).status).toBe(1002);
  });

  it('what a visitor did moves to the account they register', async () => {
    const beta = await newVisitor(server);
    const { data } = await visitorLogin(server, beta);
    await api(server, CALLS.pageView, {
      dfId: beta.dfId,
      token: data!.access_token,
      body: { path: '/drama/1', title: 'Drama' },
    });
    const res = await registerAccount(server, smtp, 'beta@example.com', {
      dfId: beta.dfId,
      visitorSecret: beta.secret,
    });
    expect(res.status).toBe(200);
    const [account] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.publicId, res.data!.uid));
    const views = await server.database.db
      .select()
      .from(pageViews)
      .where(eq(pageViews.userId, account!.id));
    expect(views.map((v) => v.path)).toEqual(['/drama/1']);
    expect(account!.registerDfId).toBe(beta.dfId);
  });
});

describe('customer service invite codes', () => {
  it('only admins create and list codes', async () => {
    const { data } = await registerAccount(server, smtp, 'cs@example.com');
    const token = data!.access_token;
    const body = { count: 3, uses: 2, note: 'spring' };
    expect((await api(server, CALLS.inviteCreate, { token, body })).status).toBe(1004);
    await makeAdmin(server, 'cs@example.com');
    // Promoted outside the server (as the CLI does): seen once its checked token lapses (0015).
    server.clock.advance(5_000);
    const created = await api(server, CALLS.inviteCreate, { token, body });
    expect(created.data!.codes).toHaveLength(3);
    expect(created.data!.codes[0]).toMatchObject({ max_uses: 2 });
    const list = await api(server, CALLS.inviteList, {
      token,
      query: { page_size: '2' },
    });
    expect(list.data!.total).toBeGreaterThanOrEqual(3);
    expect(
      (await api(server, CALLS.inviteCreate, { token, body: { count: 0, uses: 1 } })).status,
    ).toBe(1001);
  });
});

describe('rate limits', () => {
  it('1,000 different emails probed from one address within a minute: at least 980 refused', async () => {
    let refused = 0;
    for (let i = 0; i < 1000; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          api(limited, CALLS.userExist, {
            query: { email: `probe${i + j}@example.com` },
          }),
        ),
      );
      refused += batch.filter((r) => r.status === 1003).length;
    }
    expect(refused).toBeGreaterThanOrEqual(980);
  });

  it('answers a localized body status', async () => {
    const res = await api(limited, CALLS.userExist, {
      query: { email: 'late@example.com' },
      lang: 'ja_JP',
    });
    expect(res).toMatchObject({
      http: 200,
      status: 1003,
      desc: 'リクエストが多すぎます。しばらくしてからお試しください',
    });
  });

  it('limits login per email across addresses too', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await api(limited, CALLS.login, {
          body: {
            email: 'target@example.com',
            pwd: 'guess-123',
            oauth_enum: 'EMAIL',
            scene_type: 1,
          },
        }),
      );
    }
    expect(answers.slice(0, 10).every((a) => a.status === 2005)).toBe(true);
    expect(answers.slice(10).every((a) => a.status === 1003)).toBe(true);
  });
});

describe('fuzzed payloads', () => {
  const weird = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\u202e',
      "'; DROP TABLE users; --",
      '<script>alert(1)</script>',
      'a'.repeat(5000),
      '💥'.repeat(30),
    ),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  );
  const oddEmails = fc.constantFrom(
    'a+tag@example.com',
    '"quoted"@example.com',
    'x@sub.domain.example',
    'UPPER@EXAMPLE.COM',
    'no-at-sign',
    'two@@example.com',
    '',
  );

  it('register and login never fail the server, never half-create an account', async () => {
    const before = await server.database.db.$count(users);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            email: fc.oneof(oddEmails, weird),
            ticket: weird,
            pwd: weird,
            pwd_: weird,
            nick_name: weird,
            oauth_enum: fc.oneof(fc.constant('EMAIL'), weird),
            scene_type: fc.oneof(fc.constant(1), weird),
            invite_code: weird,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          for (const def of [CALLS.register, CALLS.login, CALLS.forget, CALLS.loginTicket]) {
            const res = await apiRaw(server, def, { body });
            expect(res.http).toBe(200);
            expect(res.status).not.toBe(200);
            expect(res.desc.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(await server.database.db.$count(users)).toBe(before);
  }, 120_000);

  it('a nickname with markup or SQL is stored as plain text', async () => {
    const res = await registerAccount(server, smtp, 'markup@example.com', { nick: "<b>x</b>'--" });
    expect(res.data!.user_info_resp.nick_name).toBe("<b>x</b>'--");
  });
});
