import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { games } from '../../platform/db/schema/index.js';

/** A series' game id from its id or its slug (as operators name it), or null when there is none. */
export async function findSeriesId(db: Db, idOrSlug: string): Promise<number | null> {
  const byId = /^[1-9]\d{0,15}$/.test(idOrSlug) ? eq(games.id, Number(idOrSlug)) : undefined;
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        eq(games.kind, 'series'),
        byId ? or(byId, eq(games.slug, idOrSlug)) : eq(games.slug, idOrSlug),
      ),
    );
  return row?.id ?? null;
}
