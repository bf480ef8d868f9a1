import { CALLS, type TicketUseType } from '@taleforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCode, login, registerAccount, registerPayload } from './support/accounts.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { startSmtpServer } from './support/smtp.js';
import { hashingThreads } from './support/threads.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const ticket = (email: string, use: TicketUseType = 'REGISTER', lang?: string) =>
  api(server, CALLS.loginTicket, {
    body: { email, send_to_email: true, ticket_use_type: use },
    lang,
  });

describe('verification codes', () => {
  it('mails a 6-digit code in the player language, as text and HTML', async () => {
    const res = await ticket('mei@example.com', 'REGISTER', 'zh_CN');
    expect(res.status).toBe(200);
    const mail = smtp.mailsTo('mei@example.com').at(-1)!;
    expect(mail.subject).toBe('Taleforge 注册验证码');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.raw).toMatch(/text\/html/);
  });

  it('a second ask within 60 s mails nothing and tells the seconds left; 20 at once send one mail', async () => {
    const before = smtp.mailsTo('rush@example.com').length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ticket(i % 2 ? 'Rush@Example.com' : 'rush@example.com')),
    );
    // Case variants are one address: every ask is answered as a code on its way…
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.data!.resend_in)).toEqual(Array(20).fill(60));
    // …and the SMTP server took exactly one mail (each answer comes after its mail was taken).
    expect(smtp.mailsTo('rush@example.com').length - before).toBe(1);
    const code = smtp.codeFor('rush@example.com');

    server.clock.advance(41_500);
    const again = await ticket('RUSH@example.com');
    expect(again).toMatchObject({ status: 200, data: { resend_in: 19 } });
    expect(smtp.mailsTo('rush@example.com').length - before).toBe(1);
    expect(smtp.codeFor('rush@example.com')).toBe(code);

    server.clock.advance(18_500);
    expect(await ticket('RUSH@example.com')).toMatchObject({
      status: 200,
      data: { resend_in: 60 },
    });
    expect(smtp.mailsTo('rush@example.com').length - before).toBe(2);
  });

  it('refuses, with the wait, a code for another use within 60 s or after the last one was used up', async () => {
    expect((await ticket('twice@example.com', 'REGISTER')).status).toBe(200);
    const other = await ticket('twice@example.com', 'UPDATE_PWD', 'ja_JP');
    expect(other.status).toBe(2003);
    expect(other.desc).toBe('コードを送信したばかりです。60 秒後にもう一度お試しください');

    // A code burnt by wrong tries is not "on its way": the next ask within 60 s is refused.
    const invite = await inviteCode(server, 10);
    const code = smtp.codeFor('twice@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++)
      await api(server, CALLS.register, {
        body: registerPayload('twice@example.com', wrong, invite),
      });
    expect((await ticket('twice@example.com', 'REGISTER')).status).toBe(2003);
    server.clock.advance(60_000);
    expect((await ticket('twice@example.com', 'REGISTER')).data).toEqual({ resend_in: 60 });
  });

  it('test runs only: the resend wait of an address can be passed at once, and only of that one', async () => {
    const passWait = (email: string) =>
      fetch(new URL('/test/verification-codes/resend-wait-passed', server.url('/')), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await ticket('hurry@example.com')).status).toBe(200);
    expect((await ticket('stay@example.com')).status).toBe(200);
    const first = smtp.codeFor('hurry@example.com');
    expect((await passWait('Hurry@Example.com')).status).toBe(204);
    expect((await ticket('hurry@example.com')).data).toEqual({ resend_in: 60 });
    expect(smtp.mailsTo('hurry@example.com')).toHaveLength(2);
    expect(smtp.codeFor('hurry@example.com')).not.toBe(first);
    // Another address still waits; one with no code is not found.
    expect((await ticket('stay@example.com')).data!.resend_in).toBeGreaterThan(55);
    expect(smtp.mailsTo('stay@example.com')).toHaveLength(1);
    expect((await passWait('nobody@example.com')).status).toBe(404);
  });

  it('a code works once, only for its address and use, and burns on the 6th wrong try', async () => {
    const invite = await inviteCode(server, 10);
    await ticket('once@example.com');
    const code = smtp.codeFor('once@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api(server, CALLS.register, {
        body: registerPayload('once@example.com', wrong, invite),
      });
      expect(res.status).toBe(2002);
    }
    // Five wrong tries leave the code alive…
    const ok = await api(server, CALLS.register, {
      body: registerPayload('once@example.com', code, invite),
    });
    expect(ok.status).toBe(200);

    server.clock.advance(61_000);
    await ticket('burn@example.com');
    const burnCode = smtp.codeFor('burn@example.com');
    const burnWrong = burnCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++)
      await api(server, CALLS.register, {
        body: registerPayload('burn@example.com', burnWrong, invite),
      });
    // …the sixth burns it: now even the right code fails.
    expect(
      (
        await api(server, CALLS.register, {
          body: registerPayload('burn@example.com', burnCode, invite),
        })
      ).status,
    ).toBe(2002);
    // A reset code cannot register, and a code for one address does not work for another.
    await ticket('other@example.com', 'UPDATE_PWD');
    expect(
      (
        await api(server, CALLS.register, {
          body: registerPayload('other@example.com', code, invite),
        })
      ).status,
    ).toBe(2002);
  });

  it('expires after 30 minutes', async () => {
    await ticket('late@example.com');
    const code = smtp.codeFor('late@example.com');
    server.clock.advance(30 * 60_000);
    const res = await api(server, CALLS.register, {
      body: registerPayload('late@example.com', code, await inviteCode(server)),
    });
    expect(res.status).toBe(2002);
  });
});

describe('registration', () => {
  it('registers with a code and an invite, and the token reads user info', async () => {
    const res = await registerAccount(server, smtp, 'Ada@Example.com', { nick: 'Ada Quill' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      oauth_enum: 'EMAIL',
      new_user: true,
      need_complete_nick_name: false,
    });
    expect(res.data!.access_token.length).toBeGreaterThanOrEqual(22);
    const info = await api(server, CALLS.userInfo, {
      token: res.data!.access_token,
    });
    expect(info.data).toMatchObject({
      taleforge_id: res.data!.uid,
      uid: res.data!.uid,
      nick_name: 'Ada Quill',
      oauth_enum: 'EMAIL',
      need_complete_nick_name: false,
      user_info_resp: { taleforge_id: res.data!.uid, email: 'ada@example.com', role: 'user' },
    });
    expect(JSON.stringify(info.data)).not.toMatch(/argon2|password|hash/i);
  });

  it('refuses mismatched passwords, a used-up invite, and a taken email — creating nothing', async () => {
    await ticket('pair@example.com');
    const code = smtp.codeFor('pair@example.com');
    const invite = await inviteCode(server);
    const mismatch = await api(server, CALLS.register, {
      body: { ...registerPayload('pair@example.com', code, invite), pwd_: 'different1' },
    });
    expect(mismatch).toMatchObject({
      status: 2007,
      desc: 'the two passwords entered do not match',
    });
    const bad = await api(server, CALLS.register, {
      body: registerPayload('pair@example.com', code, 'NOSUCHCODE'),
    });
    expect(bad.status).toBe(2004);
    // The right invite still works with the same code: a refused registration did not use it.
    expect(
      (
        await api(server, CALLS.register, {
          body: registerPayload('pair@example.com', code, invite),
        })
      ).status,
    ).toBe(200);
    expect((await registerAccount(server, smtp, 'taken@example.com')).status).toBe(200);
    server.clock.advance(61_000);
    await ticket('TAKEN@example.com');
    // An existing account gets a notice, not a code: there is nothing to register with.
    expect(smtp.mailsTo('taken@example.com').at(-1)!.subject).toBe(
      'You already have a Taleforge account',
    );
  });

  it('an invite with one use admits exactly one of 20 simultaneous registrations', async () => {
    const invite = await inviteCode(server, 1);
    const emails = Array.from({ length: 20 }, (_, i) => `race${i}@example.com`);
    await Promise.all(emails.map((e) => ticket(e)));
    const results = await Promise.all(
      emails.map((e) =>
        api(server, CALLS.register, { body: registerPayload(e, smtp.codeFor(e), invite) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 2004)).toHaveLength(19);
  });

  it('an expired invite is refused', async () => {
    const invite = await inviteCode(server, 5, new Date(server.clock.now.getTime() - 1000));
    expect(
      (await registerAccount(server, smtp, 'expired-invite@example.com', { invite })).status,
    ).toBe(2004);
  });
});

describe('password login', () => {
  it('gives a new token at every login; wrong password and unknown email look the same', async () => {
    await registerAccount(server, smtp, 'kit@example.com');
    const a = await login(server, 'KIT@example.com');
    const b = await login(server, 'kit@example.com');
    expect(a.status).toBe(200);
    expect(a.data!.access_token).not.toBe(b.data!.access_token);
    const wrong = await login(server, 'kit@example.com', 'wrong-password');
    const unknown = await login(server, 'nobody@example.com', 'wrong-password');
    expect(wrong).toMatchObject({ status: 2005, desc: 'Incorrect email or password' });
    expect({ status: unknown.status, desc: unknown.desc }).toEqual({
      status: wrong.status,
      desc: wrong.desc,
    });
  });

  it.runIf(process.platform === 'linux')(
    'an unknown email costs as much hashing as a wrong password',
    async () => {
      // CPU time of the hashing threads, not wall time: they run below the event loop's priority,
      // so on a busy machine their answers wait for a turn by a different amount each time (one
      // CI run saw an unknown email's fastest answer at under a quarter of a known one's). The
      // time they spend hashing does not wait. Both failures record one row, so the hash is the
      // only work an unknown address could skip; without the throwaway verify it costs none.
      const hashingTicks = () => hashingThreads().reduce((sum, thread) => sum + thread.cpuTicks, 0);
      const spent = async (email: string) => {
        const before = hashingTicks();
        const answer = await login(server, email, 'wrong-password');
        expect(answer.status).toBe(2005);
        return hashingTicks() - before;
      };
      await registerAccount(server, smtp, 'kat@example.com');
      await login(server, 'ghost@example.com', 'wrong-password'); // makes the throwaway hash
      let known = 0;
      let unknown = 0;
      for (let i = 0; i < 20; i++) {
        known += await spent('kat@example.com');
        unknown += await spent(`ghost${i}@example.com`);
      }
      // A verify takes about a clock tick (10 ms), counted whole or not at all, and a busy machine
      // makes each one cost more by a varying amount (caches shared with other processes): twenty
      // on each side, and bounds that still catch a skipped verify (a ratio of 0).
      expect(known).toBeGreaterThan(8);
      expect(unknown / known).toBeGreaterThan(0.4);
      expect(unknown / known).toBeLessThan(2.5);
    },
    // 42 hashes on threads below the event loop's priority: on two busy cores each one waits.
    120_000,
  );

  it('locks password login after 100 consecutive failures until a reset', async () => {
    await registerAccount(server, smtp, 'locked@example.com');
    for (let i = 0; i < 100; i++) await login(server, 'locked@example.com', 'nope-nope');
    const locked = await login(server, 'locked@example.com');
    expect(locked.status).toBe(2006);
    server.clock.advance(61_000);
    await ticket('locked@example.com', 'UPDATE_PWD');
    const reset = await api(server, CALLS.forget, {
      body: {
        email: 'locked@example.com',
        pwd: 'brand-new-pass',
        oauth_enum: 'EMAIL',
        ticket: smtp.codeFor('locked@example.com'),
      },
    });
    expect(reset.status).toBe(200);
    expect((await login(server, 'locked@example.com', 'brand-new-pass')).status).toBe(200);
  }, 120_000);
});

describe('password reset', () => {
  it('resets with a mailed code, ends old sessions, and the old password stops working', async () => {
    const { data } = await registerAccount(server, smtp, 'reset@example.com');
    server.clock.advance(61_000);
    await ticket('reset@example.com', 'UPDATE_PWD', 'ja_JP');
    expect(smtp.mailsTo('reset@example.com').at(-1)!.subject).toBe(
      'Taleforge パスワード再設定コード',
    );
    const res = await api(server, CALLS.forget, {
      body: {
        email: 'reset@example.com',
        pwd: 'second-pass',
        oauth_enum: 'EMAIL',
        ticket: smtp.codeFor('reset@example.com'),
      },
    });
    expect(res.status).toBe(200);
    expect((await api(server, CALLS.userInfo, { token: data!.access_token })).status).toBe(1006);
    expect((await login(server, 'reset@example.com')).status).toBe(2005);
    expect((await login(server, 'reset@example.com', 'second-pass')).status).toBe(200);
  });

  it('mails nothing for an unknown address, and says the same as for a known one', async () => {
    const res = await ticket('stranger@example.com', 'UPDATE_PWD');
    expect(res.status).toBe(200);
    // Nothing to wait for: the answer comes after any mail was taken by the SMTP server.
    expect(smtp.mailsTo('stranger@example.com')).toHaveLength(0);
  });
});
