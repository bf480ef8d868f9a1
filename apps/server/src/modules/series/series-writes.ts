import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  clips,
  episodes,
  games,
  type LocalizedText,
  series,
} from '../../platform/db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { setSeriesEpisodeCount } from '../play/index.js';

// How a series gets its episodes and clips: the media import (`npm run media -- import`), the demo
// seeding and, later, the studio. The work itself is a `games` row of kind series that play makes.

const episodeTitle = (n: number): LocalizedText => ({
  en_US: `Episode ${n}`,
  zh_CN: `第${n}集`,
  ja_JP: `第${n}話`,
});

/** Refuses (6301) a game that is not a series, and gives a series its own row when it has none. */
async function ensureSeries(tx: Tx, gameId: number): Promise<void> {
  const [game] = await tx.select({ kind: games.kind }).from(games).where(eq(games.id, gameId));
  if (game?.kind !== 'series') throw new AppError(STATUS.SERIES_NOT_FOUND);
  await tx
    .insert(series)
    .values({ gameId, freeEpisodes: SERIES_LIMITS.defaultFreeEpisodes })
    .onConflictDoNothing();
}

/** Sets how many episodes of a series are free (made with the default, 3, otherwise). */
export async function saveSeries(
  db: Db,
  input: { gameId: number; freeEpisodes: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureSeries(tx, input.gameId);
    await tx
      .update(series)
      .set({ freeEpisodes: input.freeEpisodes })
      .where(eq(series.gameId, input.gameId));
  });
}

/**
 * Makes episode `number` of a series play `videoId`, adding the episode when it is new (titled
 * "Episode n" in every language unless a title is given, free unless a price is given) and
 * keeping the work's episode count. Run again with the same number, it replaces the video (and
 * the title and price given), so an import repeated leaves one episode.
 */
export async function attachEpisodeVideo(
  db: Db,
  input: { gameId: number; number: number; videoId: number; title?: LocalizedText; price?: number },
): Promise<{ episodeId: number }> {
  const { gameId, number, videoId } = input;
  return db.transaction(async (tx) => {
    await ensureSeries(tx, gameId);
    const [row] = await tx
      .insert(episodes)
      .values({
        gameId,
        number,
        videoId,
        title: input.title ?? episodeTitle(number),
        price: input.price ?? 0,
      })
      .onConflictDoUpdate({
        target: [episodes.gameId, episodes.number],
        set: {
          videoId,
          ...(input.title ? { title: input.title } : {}),
          ...(input.price !== undefined ? { price: input.price } : {}),
        },
      })
      .returning({ id: episodes.id });
    const [total] = await tx
      .select({ n: count() })
      .from(episodes)
      .where(eq(episodes.gameId, gameId));
    await setSeriesEpisodeCount(tx, gameId, total?.n ?? 0);
    return { episodeId: row!.id };
  });
}

/** A free preview of a series at `position` (0 first); the same position again replaces it. */
export async function attachClip(
  db: Db,
  input: { gameId: number; position: number; videoId: number; title: LocalizedText },
): Promise<{ clipId: number }> {
  const { gameId, position, videoId, title } = input;
  return db.transaction(async (tx) => {
    await ensureSeries(tx, gameId);
    const [updated] = await tx
      .update(clips)
      .set({ videoId, title })
      .where(and(eq(clips.gameId, gameId), eq(clips.position, position)))
      .returning({ id: clips.id });
    if (updated) return { clipId: updated.id };
    const [inserted] = await tx
      .insert(clips)
      .values({ gameId, position, videoId, title })
      .returning({ id: clips.id });
    return { clipId: inserted!.id };
  });
}
