import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { blocks, follows } from '../../platform/db/schema/index.js';

/** Whether `blockerId` blocked `blockedId` (one direction only). */
export async function isBlocked(
  db: Db | Tx,
  blockerId: number,
  blockedId: number,
): Promise<boolean> {
  if (blockerId === blockedId) return false;
  const [row] = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/** Blocks and ends the follows between the two, both ways, in the caller's transaction. */
export async function insertBlock(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
        and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
      ),
    );
}

export async function deleteBlock(db: Db | Tx, blockerId: number, blockedId: number) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
