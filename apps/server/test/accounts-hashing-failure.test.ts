import { STATUS, STATUS_MESSAGES } from '@taleforge/contracts/status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS } from '../src/modules/auth/account-service.js';
import { createPasswordHashing } from '../src/modules/auth/passwords.js';
import { loginFailures, users } from '../src/platform/db/schema/index.js';
import { login, PASSWORD } from './support/accounts.js';
import { buildUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/server.js';

// This server hashes on threads of its own, so the test can make them fail.
const passwords = createPasswordHashing();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_SCALE: '1000' }, { passwords });
});
afterAll(() => server.close());

const failuresOf = (email: string) =>
  server.database.db.$count(loginFailures, eq(loginFailures.email, email));

describe('when the password hashing threads fail', () => {
  it('a login is a server error to retry, and never a wrong password toward the lock', async () => {
    const db = server.database.db;
    const passwordHash = await passwords.hash(PASSWORD);
    const nearLock = await buildUser(db, { passwordHash, failedLogins: MAX_FAILED_LOGINS - 1 });
    const fresh = await buildUser(db, { passwordHash });
    await passwords.close();

    for (const [email, pwd] of [
      [nearLock.email!, 'wrong-password'],
      [nearLock.email!, PASSWORD],
      [fresh.email!, 'wrong-password'],
      [fresh.email!, PASSWORD],
      ['nobody@example.com', 'whatever-1'],
    ] as const) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const res = await login(server, email, pwd);
        expect(res.http, email).toBe(500);
        expect(res.status).toBe(STATUS.SERVER_ERROR);
        expect(res.desc).toBe(STATUS_MESSAGES[STATUS.SERVER_ERROR].en_US);
        expect(res.data).toBeNull();
      }
    }
    const failed = async (id: number) =>
      (await db.select({ n: users.failedLogins }).from(users).where(eq(users.id, id)))[0]!.n;
    expect(await failed(nearLock.id)).toBe(MAX_FAILED_LOGINS - 1);
    expect(await failed(fresh.id)).toBe(0);
    for (const email of [nearLock.email!, fresh.email!, 'nobody@example.com']) {
      expect(await failuresOf(email), email).toBe(0);
    }
  });
});
