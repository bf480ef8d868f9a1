import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { pageViews } from '../../platform/db/schema/index.js';
import { moveSaves } from '../play/save-queries.js';
import { moveVisitorWallet } from '../wallet/visitor-transfer.js';

/**
 * What a visitor did moves to the account they register or sign in to. Each module that keeps
 * per-user progress adds its mover here (story saves, wallet, chat come with their issues).
 */
const movers: ((tx: Tx, from: number, to: number) => Promise<void>)[] = [
  async (tx, from, to) => {
    await tx.update(pageViews).set({ userId: to }).where(eq(pageViews.userId, from));
  },
  moveSaves,
  moveVisitorWallet,
];

export async function mergeVisitorInto(
  tx: Tx,
  visitorUserId: number,
  userId: number,
): Promise<void> {
  if (visitorUserId === userId) return;
  for (const move of movers) await move(tx, visitorUserId, userId);
}
