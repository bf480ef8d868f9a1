import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { studioWorks } from '../../../platform/db/schema/index.js';

/**
 * Who owns a work and which game players see. Read here rather than through the studio service
 * so analytics does not wait on it; the studio module owns (and alone writes) the table.
 */
export async function findWorkOwnerAndGame(
  db: Db,
  workId: number,
): Promise<{ ownerId: number; gameId: number | null } | null> {
  const [row] = await db
    .select({ ownerId: studioWorks.ownerId, gameId: studioWorks.gameId })
    .from(studioWorks)
    .where(eq(studioWorks.id, workId));
  return row ?? null;
}
