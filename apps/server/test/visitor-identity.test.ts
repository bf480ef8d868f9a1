import { randomBytes } from 'node:crypto';
import { CALLS } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createSessionService } from '../src/modules/auth/session-service.js';
import { createWalletService } from '../src/modules/wallet/index.js';
import { userIdentities, visitors } from '../src/platform/db/schema/index.js';
import { login } from './support/accounts.js';
import { buildSession, buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { sampleComponents } from './support/seal.js';
import { startTestServer, type TestServer } from './support/server.js';
import { newVisitor, riskStep, type Visitor, visitorLogin } from './support/visitors.js';
import { checkLedger } from './support/wallet.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => server.close());

const db = () => server.database.db;
const wallet = createWalletService({ now: () => server.clock.now });
const key = () => randomBytes(8).toString('hex');

async function balance(token: string) {
  const res = await api(server, CALLS.walletBalance, {
    token,
    query: { platform_flag: '2' },
  });
  return res.data!.gem_balance;
}

/** A visitor with gems: signed in anonymously, 120 bought gems in its wallet. */
async function richVisitor() {
  const visitor = await newVisitor(server);
  const login = await visitorLogin(server, visitor);
  expect(login.status).toBe(200);
  const [identity] = await db()
    .select()
    .from(userIdentities)
    .where(
      and(eq(userIdentities.provider, 'DF_ID'), eq(userIdentities.providerUserId, visitor.dfId)),
    );
  await wallet.grant(db(), identity!.userId, 120, 'recharge', `TF${key()}`, key());
  return { ...visitor, token: login.data!.access_token, userId: identity!.userId };
}

async function account(email: string) {
  await buildUser(db(), { email, passwordHash: await hashPassword('lantern-pass') });
}

const passwordLogin = (email: string, dfId: string, secret?: string) =>
  login(server, email, 'lantern-pass', { dfId, secret });

describe('the risk step keeps the identity a browser proves', () => {
  it('a browser holding its id and secret keeps its id when its signals change', async () => {
    const visitor = await newVisitor(server);
    // The window was resized, the screen is another: other signals, same browser.
    const resized = await riskStep(server, {
      holds: visitor,
      components: sampleComponents({ screenResolution: { value: [390, 844] } }),
    });
    expect(resized.data).toEqual({ visitor_id: visitor.dfId });
    const [row] = await db().select().from(visitors).where(eq(visitors.id, visitor.dfId));
    expect(row!.seenCount).toBe(2);
  });

  it('an id with a wrong or missing secret is not kept: the browser becomes a new visitor', async () => {
    const victim = await newVisitor(server);
    const forged = await riskStep(server, {
      holds: { dfId: victim.dfId, secret: randomBytes(32).toString('base64url') },
    });
    expect(forged.data!.visitor_id).not.toBe(victim.dfId);
    expect(forged.data!.visitor_secret).toBeDefined();
    const bare = await riskStep(server, { holds: { dfId: victim.dfId } });
    expect(bare.data!.visitor_id).not.toBe(victim.dfId);
    // The victim's secret still works.
    expect((await riskStep(server, { holds: victim })).data).toEqual({ visitor_id: victim.dfId });
  });

  it('a visitor made before secrets existed gets one through its own DF_ID session, once', async () => {
    const legacyId = `v_${randomBytes(20).toString('base64url')}`;
    await db().insert(visitors).values({ id: legacyId });
    const user = await buildUser(db(), { oauthEnum: 'DF_ID', email: null });
    await db()
      .insert(userIdentities)
      .values({ userId: user.id, provider: 'DF_ID', providerUserId: legacyId });
    const sessions = createSessionService({ db: db(), ttlDays: 1, now: () => server.clock.now });
    const { token } = await sessions.createSession(user.id);

    // Another player's session proves nothing about this visitor.
    const other = await buildSession(db(), { now: () => server.clock.now });
    const stranger = await riskStep(server, { holds: { dfId: legacyId }, token: other.token });
    expect(stranger.data!.visitor_id).not.toBe(legacyId);

    const claimed = await riskStep(server, { holds: { dfId: legacyId }, token });
    expect(claimed.data).toEqual({ visitor_id: legacyId, visitor_secret: expect.any(String) });
    const secret = claimed.data!.visitor_secret!;
    expect((await visitorLogin(server, { dfId: legacyId, secret })).data!.uid).toBe(user.publicId);
    // Claimed once: the session cannot mint a second secret for someone who copied the token.
    const again = await riskStep(server, { holds: { dfId: legacyId }, token });
    expect(again.data!.visitor_id).not.toBe(legacyId);
  });
});

describe('a DF_ID sign-in needs the secret', () => {
  it('a copied or forged df_id does not sign in as the victim nor see their gems', async () => {
    const victim = await richVisitor();
    for (const secret of [undefined, randomBytes(32).toString('base64url')]) {
      const res = await visitorLogin(server, { dfId: victim.dfId, ...(secret ? { secret } : {}) });
      expect(res).toMatchObject({ status: STATUS.VISITOR_UNPROVEN, data: null });
    }
    const zh = await api(server, CALLS.login, {
      dfId: victim.dfId,
      lang: 'zh_CN',
      body: { oauth_enum: 'DF_ID', scene_type: 1 },
    });
    expect(zh.desc).toBe('无法确认此浏览器的访客身份，请刷新页面');
    // An attacker's own visitor secret does not prove the victim's id either.
    const attacker = await newVisitor(server);
    const crossed = await visitorLogin(server, { dfId: victim.dfId, secret: attacker.secret });
    expect(crossed.status).toBe(STATUS.VISITOR_UNPROVEN);
    expect(await balance(victim.token)).toBe(120);
  });

  it('the secret signs in to the same account every time', async () => {
    const visitor = await newVisitor(server);
    const first = await visitorLogin(server, visitor);
    expect(first.data).toMatchObject({ oauth_enum: 'DF_ID', new_user: true });
    const again = await visitorLogin(server, visitor);
    expect(again.data).toMatchObject({ uid: first.data!.uid, new_user: false });
  });
});

describe('signing in moves exactly the visitor the browser proves', () => {
  it('a password login carrying a victim’s df_id moves nothing of theirs', async () => {
    const victim = await richVisitor();
    await account('thief@example.com');
    const attacker: Visitor = await newVisitor(server);
    for (const secret of [undefined, attacker.secret]) {
      const res = await passwordLogin('thief@example.com', victim.dfId, secret);
      expect(res.status).toBe(200);
      expect(await balance(res.data!.access_token)).toBe(0);
    }
    expect(await balance(victim.token)).toBe(120);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('the proven visitor’s gems move once when two tabs sign in at once', async () => {
    const visitor = await richVisitor();
    await account('two-tabs@example.com');
    const [a, b] = await Promise.all([
      passwordLogin('two-tabs@example.com', visitor.dfId, visitor.secret),
      passwordLogin('two-tabs@example.com', visitor.dfId, visitor.secret),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await balance(a.data!.access_token)).toBe(120);
    expect(await balance(visitor.token)).toBe(0);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('two accounts signing in with one visitor at once: one gets its gems, never both', async () => {
    const visitor = await richVisitor();
    await account('first-tab@example.com');
    await account('second-tab@example.com');
    const results = await Promise.all([
      passwordLogin('first-tab@example.com', visitor.dfId, visitor.secret),
      passwordLogin('second-tab@example.com', visitor.dfId, visitor.secret),
    ]);
    const balances = await Promise.all(results.map((r) => balance(r.data!.access_token)));
    expect(balances.sort((x, y) => x - y)).toEqual([0, 120]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
