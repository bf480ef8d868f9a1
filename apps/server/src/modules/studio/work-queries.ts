import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { games, studioFiles, studioWorks, users } from '../../platform/db/schema/index.js';

export type WorkRow = typeof studioWorks.$inferSelect;
export type WorkChanges = Partial<
  Pick<
    WorkRow,
    | 'title'
    | 'description'
    | 'scriptType'
    | 'tags'
    | 'characters'
    | 'chapters'
    | 'tasks'
    | 'minigames'
    | 'coverMedia'
    | 'gameId'
    | 'publishedRevision'
  >
>;

/** What the studio needs of an account: may it create, and may it unpublish anything. */
export async function findAccount(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ oauthEnum: users.oauthEnum, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The owner's work; `lock` holds its row until the transaction ends (file saves add up sizes). */
export async function findOwnedWork(
  db: Db | Tx,
  ownerId: number,
  workId: number,
  lock = false,
): Promise<WorkRow | null> {
  const query = db
    .select()
    .from(studioWorks)
    .where(and(eq(studioWorks.id, workId), eq(studioWorks.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findWorkByGame(db: Db | Tx, gameId: number): Promise<WorkRow | null> {
  const [row] = await db.select().from(studioWorks).where(eq(studioWorks.gameId, gameId));
  return row ?? null;
}

export function listOwnedWorks(db: Db, ownerId: number): Promise<WorkRow[]> {
  return db
    .select()
    .from(studioWorks)
    .where(eq(studioWorks.ownerId, ownerId))
    .orderBy(desc(studioWorks.updatedAt), desc(studioWorks.id));
}

export async function countOwnedWorks(db: Db | Tx, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studioWorks)
    .where(eq(studioWorks.ownerId, ownerId));
  return row?.n ?? 0;
}

/** The work an owner's create call with this idempotency key made, if it is still there. */
export async function findWorkByCreateKey(
  db: Db | Tx,
  ownerId: number,
  createKey: string,
): Promise<WorkRow | null> {
  const [row] = await db
    .select()
    .from(studioWorks)
    .where(and(eq(studioWorks.ownerId, ownerId), eq(studioWorks.createKey, createKey)));
  return row ?? null;
}

export async function insertWork(
  tx: Tx,
  values: Pick<WorkRow, 'ownerId' | 'title' | 'scriptType' | 'createKey'>,
  now: Date,
): Promise<WorkRow> {
  const [row] = await tx
    .insert(studioWorks)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/**
 * Applies a change only if the work is still at `revision`: the compare and the write are one
 * statement, so of several writers holding the same revision exactly one gets the row back.
 */
export async function updateWorkAt(
  db: Db | Tx,
  workId: number,
  revision: number,
  changes: WorkChanges,
  now: Date,
): Promise<WorkRow | null> {
  const [row] = await db
    .update(studioWorks)
    .set({ ...changes, revision: sql`${studioWorks.revision} + 1`, updatedAt: now })
    .where(and(eq(studioWorks.id, workId), eq(studioWorks.revision, revision)))
    .returning();
  return row ?? null;
}

/** Publishing records what players have without counting as a change of the draft. */
/**
 * Records what was published, only if the draft is still the revision that was compiled: an edit
 * or a delete that committed meanwhile leaves no row, and the publish must roll back.
 */
export async function markPublished(
  tx: Tx,
  workId: number,
  values: { gameId: number; publishedRevision: number },
): Promise<WorkRow | null> {
  const [row] = await tx
    .update(studioWorks)
    .set(values)
    .where(and(eq(studioWorks.id, workId), eq(studioWorks.revision, values.publishedRevision)))
    .returning();
  return row ?? null;
}

export async function deleteWork(db: Db | Tx, workId: number): Promise<void> {
  await db.delete(studioWorks).where(eq(studioWorks.id, workId));
}

/** Every file of a work without its text. */
export function listFileSizes(db: Db | Tx, workId: number) {
  return db
    .select({
      path: studioFiles.path,
      size: sql<number>`octet_length(${studioFiles.source})::int`,
    })
    .from(studioFiles)
    .where(eq(studioFiles.workId, workId))
    .orderBy(studioFiles.path);
}

export async function listFiles(db: Db | Tx, workId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ path: studioFiles.path, source: studioFiles.source })
    .from(studioFiles)
    .where(eq(studioFiles.workId, workId));
  return Object.fromEntries(rows.map((r) => [r.path, r.source]));
}

export async function findFile(db: Db | Tx, workId: number, path: string) {
  const [row] = await db
    .select({ path: studioFiles.path, source: studioFiles.source })
    .from(studioFiles)
    .where(and(eq(studioFiles.workId, workId), eq(studioFiles.path, path)));
  return row ?? null;
}

export async function upsertFile(tx: Tx, workId: number, path: string, source: string, now: Date) {
  await tx
    .insert(studioFiles)
    .values({ workId, path, source, updatedAt: now })
    .onConflictDoUpdate({
      target: [studioFiles.workId, studioFiles.path],
      set: { source, updatedAt: now },
    });
}

export async function deleteFile(tx: Tx, workId: number, path: string): Promise<boolean> {
  const rows = await tx
    .delete(studioFiles)
    .where(and(eq(studioFiles.workId, workId), eq(studioFiles.path, path)))
    .returning({ path: studioFiles.path });
  return rows.length > 0;
}

/** The game a work published, for its state on the studio's pages. */
export async function findGameState(db: Db | Tx, gameId: number) {
  const [row] = await db
    .select({ cover: games.cover, publishedAt: games.publishedAt, slug: games.slug })
    .from(games)
    .where(eq(games.id, gameId));
  return row ?? null;
}

/** Holds the account's row until the transaction ends: one create at a time per creator. */
export async function findAccountForUpdate(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
