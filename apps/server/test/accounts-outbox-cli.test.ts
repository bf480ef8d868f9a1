import { CALLS } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInviteCodes, redeemInviteCode } from '../src/modules/auth/invites.js';
import { outboxMails, users } from '../src/platform/db/schema/index.js';
import { cliOnTestDatabase } from './support/cli.js';
import { buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

const mailbox = async (server: TestServer) => fetch(new URL('/dev/mailbox', server.url('/')));

describe('the outbox, when no SMTP_URL is set', () => {
  let local: TestServer;
  let production: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ AUTH_RATE_LIMIT_SCALE: '1000' });
    // One install's two settings: a database of its own would cost a copy and an open, no more.
    production = await startTestServer(
      { NODE_ENV: 'production', AUTH_RATE_LIMIT_SCALE: '1000' },
      { database: local.database },
    );
  });
  afterAll(async () => {
    // The server that borrows the database first: its start may still be using it.
    await production?.close();
    await local?.close();
  });

  it('stores the mail, and /dev/mailbox shows it outside production', async () => {
    const email = "o'brien@example.com";
    const res = await api(local, CALLS.loginTicket, {
      body: { email, ticket_use_type: 'REGISTER' },
    });
    expect(res.status).toBe(200);
    const [stored] = await local.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, email));
    const code = /\b(\d{6})\b/.exec(stored!.text)![1]!;
    expect(stored!.html).toContain(code);

    const page = await mailbox(local);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(code);
    // Addresses and subjects are escaped: the page never runs what a mail contains.
    expect(html).toContain('o&#39;brien@example.com');
    expect(html).not.toContain("o'brien@example.com");
  });

  it('in production the mail is still kept, but there is no /dev/mailbox', async () => {
    const email = 'prod@example.com';
    const res = await api(production, CALLS.loginTicket, {
      body: { email, ticket_use_type: 'REGISTER' },
    });
    expect(res.status).toBe(200);
    expect(await production.database.db.$count(outboxMails, eq(outboxMails.to, email))).toBe(1);
    const page = await mailbox(production);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toMatch(/\b\d{6}\b/);
  });

  it('outside test runs there is no way to pass the resend wait', async () => {
    await api(production, CALLS.loginTicket, {
      body: { email: 'wait@example.com', ticket_use_type: 'REGISTER' },
    });
    const passed = await fetch(
      new URL('/test/verification-codes/resend-wait-passed', production.url('/')),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'wait@example.com' }),
      },
    );
    expect(passed.status).toBe(404);
    const again = await api(production, CALLS.loginTicket, {
      body: { email: 'wait@example.com', ticket_use_type: 'REGISTER' },
    });
    expect(again.data!.resend_in).toBeGreaterThan(55);
  });
});

// The CLI is a script (top-level await), so it runs as customer service runs it
// (support/cli.ts).
describe('the invites CLI', () => {
  const cli = cliOnTestDatabase('src/cli/invites.ts');
  const run = cli.run;

  it('list shows each code with its uses, expiry and note', async () => {
    const user = await buildUser(cli.database.db);
    const [spring, winter] = await createInviteCodes(cli.database.db, {
      count: 2,
      uses: 3,
      expiresAt: new Date('2031-01-31T00:00:00Z'),
      note: 'spring event',
    });
    await cli.database.db.transaction((tx) =>
      redeemInviteCode(tx, spring!.code, user.id, new Date()),
    );
    const { code, stdout } = await run('list');
    expect(code).toBe(0);
    const line = (c: string) => stdout.split('\n').find((l) => l.startsWith(c)) ?? '';
    expect(line(spring!.code)).toMatch(/^\w{8}\s+1\/3\s+2031-01-31T00:00:00\.000Z\s+spring event$/);
    expect(line(winter!.code)).toMatch(/\s0\/3\s/);
  }, 60_000);

  it('grant-admin makes an account admin by email in any letter case, and says when none', async () => {
    const user = await buildUser(cli.database.db, { email: 'helper@example.com' });
    const granted = await run('grant-admin', '--email', ' Helper@Example.COM ');
    expect(granted.code).toBe(0);
    const [row] = await cli.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('admin');

    const missing = await run('grant-admin', '--email', 'nobody@example.com');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No account with the email nobody@example.com');
  }, 60_000);
});
