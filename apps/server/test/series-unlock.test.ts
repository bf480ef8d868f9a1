import { STATUS } from '@taleforge/contracts/status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../src/modules/wallet/index.js';
import { unlocks, walletEntries } from '../src/platform/db/schema/index.js';
import { signedIn } from './support/profiles.js';
import { buildSeries, giveGems, unlockEpisode } from './support/series.js';
import { startTestServer, type TestServer } from './support/server.js';
import { checkLedger } from './support/wallet.js';

// Buying an episode with gems: the wallet's unlock call with `episode_id`, priced by the series
// module's resolver. Free episodes and episodes of another series cannot be bought; a rush of
// taps charges once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WALLET_JOB_INTERVAL_MS: '3600000' });
});
afterAll(() => server.close());

const db = () => server.database.db;
const balanceOf = (userId: number) =>
  createWalletService({ now: () => server.clock.now }).balance(db(), userId);
const entriesOf = (userId: number) =>
  db().select().from(walletEntries).where(eq(walletEntries.userId, userId));

describe('unlocking an episode', () => {
  it('charges the price once and answers "already unlocked" after', async () => {
    const { game, episodeIds } = await buildSeries(server, { price: 25 });
    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 60);
    const first = await unlockEpisode(server, viewer.token, game.id, episodeIds[3]!);
    expect(first).toMatchObject({
      status: 200,
      data: { already_unlocked: false, price: 25, gem_balance: 35 },
    });
    const again = await unlockEpisode(server, viewer.token, game.id, episodeIds[3]!);
    expect(again).toMatchObject({
      status: 200,
      data: { already_unlocked: true, price: 0, gem_balance: 35 },
    });
    const entries = await entriesOf(viewer.user.id);
    expect(entries.map((e) => [e.type, e.amount, e.ref])).toEqual([
      ['grant', 60, 'start'],
      ['episode_unlock', -25, `episode:${game.id}:${episodeIds[3]}`],
    ]);
  });

  it("refuses free episodes, priced-0 episodes, unknown ones and another series' (3010), charging nothing", async () => {
    const { game, episodeIds } = await buildSeries(server, { freeEpisodes: 2, price: 25 });
    const other = await buildSeries(server, { price: 25 });
    const zero = await buildSeries(server, { freeEpisodes: 0, price: 0, episodes: 1 });
    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 100);
    const refused: [number, number][] = [
      [game.id, episodeIds[0]!], // free by number
      [game.id, episodeIds[1]!],
      [zero.game.id, zero.episodeIds[0]!], // priced 0
      [game.id, other.episodeIds[3]!], // another series' episode under this game
      [other.game.id, episodeIds[3]!],
      [game.id, 987_654_321],
    ];
    for (const [gameId, episodeId] of refused) {
      const res = await unlockEpisode(server, viewer.token, gameId, episodeId);
      expect(res, `${gameId}/${episodeId}`).toMatchObject({
        status: STATUS.UNLOCK_TARGET_UNKNOWN,
        data: null,
      });
      expect(res.desc).not.toBe('');
    }
    expect(await balanceOf(viewer.user.id)).toBe(100);
    expect(await db().select().from(unlocks).where(eq(unlocks.userId, viewer.user.id))).toEqual([]);
  });

  it('refuses without enough gems (3001), changing nothing', async () => {
    const { game, episodeIds } = await buildSeries(server, { price: 25 });
    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 24);
    const res = await unlockEpisode(server, viewer.token, game.id, episodeIds[2]!);
    expect(res.status).toBe(STATUS.INSUFFICIENT_GEMS);
    expect(await balanceOf(viewer.user.id)).toBe(24);
  });

  it('charges once when 20 unlocks of one episode arrive together; the balance is exact', async () => {
    const { game, episodeIds } = await buildSeries(server, { price: 30 });
    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        unlockEpisode(server, viewer.token, game.id, episodeIds[2]!),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.data!.already_unlocked === false)).toHaveLength(1);
    expect(await balanceOf(viewer.user.id)).toBe(70);
    const rows = await db()
      .select()
      .from(unlocks)
      .where(and(eq(unlocks.userId, viewer.user.id), eq(unlocks.kind, 'episode')));
    expect(rows.map((r) => [r.targetId, r.price])).toEqual([[episodeIds[2], 30]]);
    expect((await entriesOf(viewer.user.id)).filter((e) => e.amount < 0)).toHaveLength(1);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
