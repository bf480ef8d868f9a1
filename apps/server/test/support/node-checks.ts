// What the multi-node tests load the nodes with, and what they check once the load is over.
import { CALLS } from '@taleforge/contracts';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Db } from '../../src/platform/db/client.js';
import { api } from './http.js';
import {
  chatPartner,
  fundedPlayer,
  type LoadLog,
  type LoadPlayer,
  rowsOf,
  spendTargets,
} from './node-load.js';
import type { Cluster } from './nodes.js';
import { checkLedger, checkOrderCredits } from './wallet.js';

export type Scene = Awaited<ReturnType<typeof loadScene>>;

/** Players who bought gems, the works' priced chapters and episodes, a character to talk to. */
export async function loadScene(cluster: Cluster, db: Db, count: number) {
  const players: LoadPlayer[] = [];
  for (let i = 0; i < count; i++) players.push(await fundedPlayer(cluster, db));
  return { players, targets: await spendTargets(db), partner: await chatPartner(db) };
}

export const conversationOf = (s: Pick<Scene, 'partner'>) => ({
  game_id: s.partner.gameId,
  npc_id: s.partner.npcId,
});

/** Rounds the players have finished so far, all together. */
export const rounds = (players: LoadPlayer[]) => players.reduce((sum, p) => sum + p.next, 0);

export const balanceOf = async (node: Cluster['nodes'][number], token: string) =>
  (await api(node, CALLS.walletBalance, { token, query: { platform_flag: '2' } })).data!
    .gem_balance;

/**
 * Nothing lost, read through the API of any node: every message answered is kept once, however
 * many nodes it was sent to; no reply stays half-written once its node is gone; and each balance
 * is what the player bought less the unlocks they were sold and the replies they got (a reply
 * that failed, cut off with its node, is refunded).
 */
export async function expectNothingLost(cluster: Cluster, db: Db, s: Scene, log: LoadLog) {
  expect(log.answers.filter((a) => a.http >= 500)).toEqual([]);
  await vi.waitFor(
    async () =>
      expect(await rowsOf(db, sql`select id from chat_messages where state = 'streaming'`)).toEqual(
        [],
      ),
    { timeout: 20_000, interval: 200 },
  );
  expect((await checkLedger(db)).violations).toEqual([]);
  expect(await checkOrderCredits(db)).toEqual([]);
  for (const p of s.players) {
    const record = await api(cluster.next(), CALLS.chatRecord, {
      token: p.token,
      query: { ...conversationOf(s), limit: 100 },
    });
    const records = record.data!.records;
    const mine = records.filter((r) => r.role === 'player');
    expect(mine.map((r) => r.text).sort()).toEqual([...p.said].sort());
    // Within a page the records run oldest first, each reply right after its message.
    const paid = records.reduce(
      (sum, r, i) =>
        r.role === 'player' && records[i + 1]?.state === 'complete' ? sum + r.charged_gems : sum,
      0,
    );
    const spent = [...p.unlocked].reduce((sum, i) => sum + s.targets[i]!.price, 0);
    expect(spent).toBeGreaterThan(0);
    expect(paid).toBeGreaterThan(0);
    expect(await balanceOf(cluster.next(), p.token)).toBe(p.credited - spent - paid);
  }
}
