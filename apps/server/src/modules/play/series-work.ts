import type { ScriptType } from '@taleforge/contracts/constants';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { games, type LocalizedText } from '../../platform/db/schema/index.js';

/** What a series is as a work: the catalogue's fields; its episodes belong to the series module. */
export interface SeriesWork {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  scriptType: ScriptType;
  tags: string[];
  languages: string[];
  cover: string;
  creatorId: number;
  episodeCount: number;
}

/**
 * Creates or updates the `games` row of a series (kind `series`), found by slug, and returns its
 * id. play owns `games`, so the series module publishes its works through here; the episode count
 * stands in the chapter count the catalogue shows. Published once: a later update keeps the date.
 */
export async function saveSeriesWork(db: Db, work: SeriesWork, now: Date): Promise<number> {
  const meta = {
    kind: 'series',
    title: work.title,
    description: work.description,
    scriptType: work.scriptType,
    tags: work.tags,
    languages: work.languages,
    cover: work.cover,
    chapterCount: work.episodeCount,
  };
  const [row] = await db
    .insert(games)
    .values({ ...meta, slug: work.slug, creatorId: work.creatorId, publishedAt: now })
    .onConflictDoUpdate({ target: games.slug, set: meta })
    .returning({ id: games.id });
  return row!.id;
}

/** The ids of the series works with these slugs; a slug with no work is left out. */
export async function findSeriesWorkIds(db: Db, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: games.id, slug: games.slug })
    .from(games)
    .where(and(eq(games.kind, 'series'), inArray(games.slug, slugs)));
  return new Map(rows.map((row) => [row.slug, row.id]));
}
