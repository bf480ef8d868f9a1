import { and, eq, gt, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.js';
import { episodes, series } from '../../platform/db/schema/index.js';
import { isUnlocked, type UnlockResolver, unlockedTargets } from '../wallet/index.js';
import { freeEpisodesOf } from './episode-queries.js';

/**
 * The one rule of what an episode costs: episodes 1..free_episodes and any priced 0 are free;
 * the rest are watched once the viewer bought them (the wallet's unlock call, `episode_id`).
 */
export function isFreeEpisode(
  episode: { number: number; price: number },
  freeEpisodes: number,
): boolean {
  return episode.number <= freeEpisodes || episode.price === 0;
}

/** Whether the viewer (null: nobody signed in) may watch the episode. */
export async function canWatch(
  db: Db | Tx,
  viewerId: number | null,
  episode: { id: number; number: number; price: number; freeEpisodes: number },
): Promise<boolean> {
  if (isFreeEpisode(episode, episode.freeEpisodes)) return true;
  return viewerId !== null && isUnlocked(db, viewerId, 'episode', episode.id);
}

/** Of a series' episodes, the ids the viewer may watch: one read of their unlocks for all. */
export async function watchableIds(
  db: Db | Tx,
  viewerId: number | null,
  list: { id: number; number: number; price: number }[],
  freeEpisodes: number,
): Promise<Set<number>> {
  const free = list.filter((e) => isFreeEpisode(e, freeEpisodes)).map((e) => e.id);
  const priced = list.filter((e) => !isFreeEpisode(e, freeEpisodes)).map((e) => e.id);
  const bought =
    viewerId !== null && priced.length > 0
      ? await unlockedTargets(db, viewerId, 'episode', priced)
      : [];
  return new Set([...free, ...bought]);
}

/**
 * What unlocking an episode costs, for the wallet's unlock registry: no row for an episode of
 * another series, a free one or one that does not exist, so nothing is bought that needs no
 * buying (the unlock call answers "cannot be unlocked"). A query, so the wallet reads the price
 * inside the purchase's own statement.
 */
export const episodeUnlockPrice: UnlockResolver = {
  priceQuery: ({ gameId, targetId }) =>
    new QueryBuilder()
      .select({ price: episodes.price })
      .from(episodes)
      .leftJoin(series, eq(series.gameId, episodes.gameId))
      .where(
        and(
          eq(episodes.id, targetId),
          eq(episodes.gameId, gameId),
          gt(episodes.price, 0),
          sql`${episodes.number} > ${freeEpisodesOf}`,
        ),
      )
      .getSQL(),
};
