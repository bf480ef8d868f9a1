import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { clips, games, type LocalizedText, videos } from '../../platform/db/schema/index.js';
import { type EpisodeVideo, videoColumns } from './episode-queries.js';

export type ClipRow = {
  id: number;
  gameId: number;
  title: LocalizedText;
  seriesTitle: LocalizedText;
  video: EpisodeVideo;
};

/**
 * Clips whose video is ready, of published series: one series' in order, or (no id) the newest
 * series' first, for the home page.
 */
export async function listClips(
  db: Db,
  options: { gameId?: number; limit: number },
): Promise<ClipRow[]> {
  return db
    .select({
      id: clips.id,
      gameId: clips.gameId,
      title: clips.title,
      seriesTitle: games.title,
      video: videoColumns,
    })
    .from(clips)
    .innerJoin(games, eq(games.id, clips.gameId))
    .innerJoin(videos, eq(videos.id, clips.videoId))
    .where(
      and(
        options.gameId === undefined ? undefined : eq(clips.gameId, options.gameId),
        eq(games.kind, 'series'),
        isNotNull(games.publishedAt),
        eq(videos.state, 'ready'),
      ),
    )
    .orderBy(desc(games.publishedAt), asc(clips.gameId), asc(clips.position), asc(clips.id))
    .limit(options.limit);
}
