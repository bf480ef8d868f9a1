import { randomBytes } from 'node:crypto';
import { CALLS, type CallBodyInput } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import {
  gemLots,
  unlocks,
  userIdentities,
  walletEntries,
} from '../src/platform/db/schema/index.js';
import { login } from './support/accounts.js';
import { buildSession, buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';
import { newVisitor, visitorLogin } from './support/visitors.js';
import { checkLedger } from './support/wallet.js';

/** The wallet and the story together: a priced chapter bought with gems, then played. */

let server: TestServer;
let wallet: WalletService;
beforeAll(async () => {
  server = await startTestServer({ WALLET_JOB_INTERVAL_MS: '3600000' });
  wallet = createWalletService({ now: () => server.clock.now });
});
afterAll(() => server.close());

const db = () => server.database.db;
let keys = 0;
const key = () => `play-unlock-${Date.now()}-${++keys}`;

async function player(gems: number) {
  const session = await buildSession(db(), { now: () => server.clock.now });
  if (gems > 0) await wallet.grant(db(), session.user.id, gems, 'grant', 'start', key());
  return session;
}

/** A story game with a free chapter one and a 50-gem chapter two whose text says "secret". */
async function storyGame() {
  const { gameId } = await buildStoryGame(db());
  const { token } = await player(0);
  const chapters = (await resources(token, gameId)).chapters;
  return { gameId, free: chapters[0]!, priced: chapters[1]! };
}

const resources = async (token: string, gameId: number) =>
  (
    await api(server, CALLS.resourceInfo, {
      token,
      query: { game_id: String(gameId) },
    })
  ).data!;

const startChapter = (token: string, gameId: number, chapterId: number, lang?: string) =>
  api(server, CALLS.gameEvent, {
    token,
    body: { type: 'start', game_id: gameId, chapter_id: chapterId },
    ...(lang ? { lang } : {}),
  });

const unlock = (
  token: string,
  body: Omit<CallBodyInput<typeof CALLS.unlock>, 'idempotency_key'>,
  lang?: string,
) => api(server, CALLS.unlock, { token, body: { idempotency_key: key(), ...body }, lang });

const ledgerOf = (userId: number) =>
  db().select().from(walletEntries).where(eq(walletEntries.userId, userId));

describe('unlocking a story chapter with gems', () => {
  it('refuses a locked chapter until it is bought, then serves it; a second unlock is free', async () => {
    const { gameId, priced } = await storyGame();
    const { user, token } = await player(80);

    for (const lang of ['en_US', 'zh_CN', 'ja_JP']) {
      const refused = await startChapter(token, gameId, priced.id, lang);
      expect(refused).toMatchObject({ status: STATUS.CHAPTER_LOCKED, data: null });
      expect(refused.desc).not.toBe('');
      expect(JSON.stringify(refused)).not.toMatch(/secret/i);
    }
    const before = await resources(token, gameId);
    expect(before.chapters.find((c) => c.id === priced.id)).toMatchObject({
      price_gems: 50,
      unlocked: false,
    });
    expect(JSON.stringify(before)).not.toMatch(/secret/i);
    expect(await wallet.balance(db(), user.id)).toBe(80);

    const bought = await unlock(token, { game_id: gameId, chapter_id: priced.id });
    expect(bought).toMatchObject({
      status: 200,
      data: { already_unlocked: false, price: 50, gem_balance: 30 },
    });

    const after = await resources(token, gameId);
    expect(after.chapters.find((c) => c.id === priced.id)).toMatchObject({
      price_gems: 50,
      unlocked: true,
    });
    const played = await startChapter(token, gameId, priced.id);
    expect(played.status).toBe(200);
    expect(played.data).toMatchObject({ chapter_id: priced.id, chapter_title: 'Two' });
    expect(played.data!.lines[0]!.text).toBe("The second chapter's secret text.");

    const again = await unlock(token, { game_id: gameId, chapter_id: priced.id });
    expect(again).toMatchObject({
      status: 200,
      data: { already_unlocked: true, price: 0, gem_balance: 30 },
    });
    expect(await wallet.balance(db(), user.id)).toBe(30);
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((e) => [e.type, e.amount])).toEqual([
      ['grant', 80],
      ['chapter_unlock', -50],
    ]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('keeps the purchase to its buyer: another player still finds the chapter locked', async () => {
    const { gameId, priced } = await storyGame();
    const buyer = await player(50);
    expect((await unlock(buyer.token, { game_id: gameId, chapter_id: priced.id })).status).toBe(
      200,
    );
    const other = await player(0);
    expect((await startChapter(other.token, gameId, priced.id)).status).toBe(STATUS.CHAPTER_LOCKED);
    const chapter = (await resources(other.token, gameId)).chapters.find((c) => c.id === priced.id);
    expect(chapter?.unlocked).toBe(false);
  });

  it('says insufficient balance and leaves the chapter locked when the gems are short', async () => {
    const { gameId, priced } = await storyGame();
    const { user, token } = await player(49);
    const res = await unlock(token, { game_id: gameId, chapter_id: priced.id });
    expect(res).toMatchObject({
      status: STATUS.INSUFFICIENT_GEMS,
      desc: 'Insufficient balance, please recharge first',
      data: null,
    });
    expect((await startChapter(token, gameId, priced.id)).status).toBe(STATUS.CHAPTER_LOCKED);
    expect(await wallet.balance(db(), user.id)).toBe(49);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('refuses a free chapter, another game’s chapter and a missing one, charging nothing', async () => {
    const { gameId, free, priced } = await storyGame();
    const other = await storyGame();
    const { user, token } = await player(200);
    const refusals = [
      { game_id: gameId, chapter_id: free.id },
      { game_id: gameId, chapter_id: other.priced.id },
      { game_id: other.gameId, chapter_id: priced.id },
      { game_id: gameId, chapter_id: 2_000_000_000 },
      { game_id: 2_000_000_000, chapter_id: priced.id },
    ];
    for (const body of refusals) {
      const res = await unlock(token, body);
      expect(res, JSON.stringify(body)).toMatchObject({
        status: STATUS.UNLOCK_TARGET_UNKNOWN,
        desc: 'This chapter or episode cannot be unlocked',
        data: null,
      });
    }
    const zh = await unlock(token, { game_id: gameId, chapter_id: free.id }, 'zh_CN');
    expect(zh.desc).toBe('该章节或剧集无法解锁');
    const ja = await unlock(token, { game_id: gameId, chapter_id: 2_000_000_000 }, 'ja_JP');
    expect(ja.desc).toBe('このチャプターまたはエピソードはアンロックできません');

    expect(await wallet.balance(db(), user.id)).toBe(200);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await db().select().from(unlocks).where(eq(unlocks.userId, user.id))).toEqual([]);
    // Buying the other game's chapter under the wrong game bought nothing there either.
    expect((await startChapter(token, other.gameId, other.priced.id)).status).toBe(
      STATUS.CHAPTER_LOCKED,
    );
  });

  it('moves a visitor’s gems, their expiry and their chapters to the account they sign in to', async () => {
    const { gameId, priced } = await storyGame();
    const other = await storyGame();
    const visitor = await newVisitor(server);
    const { dfId } = visitor;
    const visitorToken = (await visitorLogin(server, visitor)).data!.access_token;
    const [identity] = await db()
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, 'DF_ID'), eq(userIdentities.providerUserId, dfId)));
    const visitorId = identity!.userId;
    await wallet.grant(db(), visitorId, 70, 'grant', 'start', key());
    await wallet.grant(db(), visitorId, 50, 'recharge', 'TF1', key());
    expect((await unlock(visitorToken, { game_id: gameId, chapter_id: priced.id })).status).toBe(
      200,
    );
    expect(
      (await unlock(visitorToken, { game_id: other.gameId, chapter_id: other.priced.id })).status,
    ).toBe(200);
    const visitorLots = await db().select().from(gemLots).where(eq(gemLots.userId, visitorId));

    // The account already owns the other game's chapter two; it has gems of its own.
    const account = await buildUser(db(), { passwordHash: await hashPassword('lantern-pass') });
    await wallet.grant(db(), account.id, 60, 'grant', 'start', key());
    const accountLogin = await login(server, account.email!, 'lantern-pass', {
      dfId: `v_${randomBytes(6).toString('hex')}`,
    });
    expect(
      (
        await unlock(accountLogin.data!.access_token, {
          game_id: other.gameId,
          chapter_id: other.priced.id,
        })
      ).status,
    ).toBe(200);

    // Signing in from the visitor's browser moves what the visitor had.
    const signedIn = await login(server, account.email!, 'lantern-pass', {
      dfId,
      secret: visitor.secret,
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.data!.access_token;

    expect(await wallet.balance(db(), visitorId)).toBe(0);
    expect(await wallet.balance(db(), account.id)).toBe(30);
    const played = await startChapter(token, gameId, priced.id);
    expect(played.data!.lines[0]!.text).toBe("The second chapter's secret text.");
    const owned = await db().select().from(unlocks).where(eq(unlocks.userId, account.id));
    expect(owned.map((u) => u.targetId).sort()).toEqual([priced.id, other.priced.id].sort());
    // The chapter both had bought stays the visitor's record; the account keeps its own.
    expect(
      (await db().select().from(unlocks).where(eq(unlocks.userId, visitorId))).map(
        (u) => u.targetId,
      ),
    ).toEqual([other.priced.id]);

    const moved = (await ledgerOf(account.id)).at(-1)!;
    expect(moved).toMatchObject({ type: 'transfer_in', amount: 20, balanceAfter: 30 });
    expect((await ledgerOf(visitorId)).at(-1)).toMatchObject({
      type: 'transfer_out',
      amount: -20,
      balanceAfter: 0,
    });
    // The moved gems keep the expiry they were bought with.
    const movedLots = await db().select().from(gemLots).where(eq(gemLots.entryId, moved.id));
    const open = visitorLots.filter((l) => l.remaining > 0);
    expect(movedLots.map((l) => [l.remaining, l.expiresAt.getTime()])).toEqual(
      open.map((l) => [l.remaining, l.expiresAt.getTime()]),
    );
    const history = await api(server, CALLS.walletTransactions, {
      token,
      query: { page: '1', page_size: '10' },
    });
    expect(history.data!.list[0]).toMatchObject({ type: 'transfer_in', amount: 20 });
    expect((await checkLedger(db())).violations).toEqual([]);

    // Signing in again from the same device moves nothing more.
    const entries = (await ledgerOf(account.id)).length;
    await login(server, account.email!, 'lantern-pass', { dfId });
    expect(await ledgerOf(account.id)).toHaveLength(entries);
    expect(await wallet.balance(db(), account.id)).toBe(30);
  });

  it('loses and doubles nothing when the visitor spends while signing in', async () => {
    const visitor = await newVisitor(server);
    const { dfId } = visitor;
    await visitorLogin(server, visitor);
    const [identity] = await db()
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, 'DF_ID'), eq(userIdentities.providerUserId, dfId)));
    const visitorId = identity!.userId;
    await wallet.grant(db(), visitorId, 100, 'grant', 'start', key());
    const account = await buildUser(db(), { passwordHash: await hashPassword('lantern-pass') });
    await wallet.grant(db(), account.id, 5, 'grant', 'start', key());

    const spends = Array.from({ length: 12 }, (_, i) =>
      wallet
        .spend(db(), visitorId, 10, 'chat_message', `message-${i}`, key())
        .then(() => 10)
        .catch(() => 0),
    );
    const signingIn = login(server, account.email!, 'lantern-pass', {
      dfId,
      secret: visitor.secret,
    });
    const [spent, signedIn] = await Promise.all([
      Promise.all(spends).then((amounts) => amounts.reduce((a, b) => a + b, 0)),
      signingIn,
    ]);
    expect(signedIn.status).toBe(200);
    // Whatever the order, the gems the visitor did not spend are now the account's.
    const visitorLeft = await wallet.balance(db(), visitorId);
    const accountHas = await wallet.balance(db(), account.id);
    expect(spent).toBeLessThanOrEqual(100);
    expect(visitorLeft + accountHas).toBe(105 - spent);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
