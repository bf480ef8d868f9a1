import { and, desc, eq, gte, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { featuredPins, gameSaves, games, users } from '../../platform/db/schema/index.js';

/**
 * Who counts as one player: the browser a visitor account is, and for an account the browser it
 * registered or last signed in from (`register_df_id`). A visitor who signs in with proof has
 * their save moved into the account (the visitor merge), and one who does not still shares its
 * browser with the account, so the same person's visitor and account count once. Accounts made
 * without a browser (the CLI, tests) count by their own id.
 */
const playerKey = sql`coalesce(${users.registerDfId}, 'user:' || ${users.id})`;
const distinctPlayers = sql<number>`count(distinct ${playerKey})::int`;

/**
 * Stories ranked by distinct players whose save moved since `since`, each with at least
 * `minPlayers` of them; the creator's own save does not count for their work. A save is one row
 * per player and game, so replaying a work many times is still one player. More players first,
 * then the newer work (the catalogue's tie-break, decision 33).
 */
export async function rankStoriesByRecentPlayers(
  db: Db,
  options: { since: Date; minPlayers: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: gameSaves.gameId })
    .from(gameSaves)
    .innerJoin(games, eq(games.id, gameSaves.gameId))
    .innerJoin(users, eq(users.id, gameSaves.userId))
    .where(
      and(
        gte(gameSaves.updatedAt, options.since),
        isNotNull(games.publishedAt),
        eq(games.kind, 'story'),
        ne(gameSaves.userId, games.creatorId),
      ),
    )
    .groupBy(gameSaves.gameId)
    .having(gte(distinctPlayers, options.minPlayers))
    .orderBy(desc(distinctPlayers), desc(gameSaves.gameId))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/**
 * The first story published that is not among `excludeIds`: the founding, editorial one, which
 * nobody can displace by playing. (Not `play_count`: it counts every save, the creator's own and
 * a visitor's that a sign-in later merged, so one person can raise it by two or three.)
 */
export async function firstPublishedStoryId(
  db: Db,
  options: { excludeIds: number[] },
): Promise<number | null> {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        isNotNull(games.publishedAt),
        eq(games.kind, 'story'),
        options.excludeIds.length ? notInArray(games.id, options.excludeIds) : undefined,
      ),
    )
    .orderBy(games.publishedAt, games.id)
    .limit(1);
  return row?.id ?? null;
}

export type PinRow = typeof featuredPins.$inferSelect;

export async function findPin(db: Db): Promise<PinRow | null> {
  const [row] = await db.select().from(featuredPins).where(eq(featuredPins.slot, 1));
  return row ?? null;
}

/**
 * What a pin needs to know of a work: whether it is on the player site, and as a story. The pin
 * reads it under a share lock inside its transaction, so an unpublish or take-down waits for the
 * pin to commit rather than slipping between the check and the write.
 */
export async function findPinCandidate(db: Db | Tx, gameId: number, options = { lock: false }) {
  const query = db
    .select({
      id: games.id,
      kind: games.kind,
      publishedAt: games.publishedAt,
      takenDownAt: games.takenDownAt,
    })
    .from(games)
    .where(eq(games.id, gameId));
  const [row] = options.lock ? await query.for('share') : await query;
  return row ?? null;
}

/** The one row is replaced whole: a second pin moves the first. */
export async function writePin(
  tx: Tx,
  pin: { gameId: number; pinnedBy: number | null; pinnedAt: Date },
): Promise<void> {
  await tx
    .insert(featuredPins)
    .values({ slot: 1, ...pin })
    .onConflictDoUpdate({ target: featuredPins.slot, set: pin });
}

/** True when there was a pin to clear. */
export async function deletePin(db: Db): Promise<boolean> {
  const rows = await db
    .delete(featuredPins)
    .where(eq(featuredPins.slot, 1))
    .returning({ id: featuredPins.gameId });
  return rows.length > 0;
}
