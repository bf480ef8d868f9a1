import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/index.js';
import { moveVisitorPageViews } from '../analytics/index.js';
import { moveVisitorChats } from '../chat/index.js';
import { moveVisitorOrders } from '../payments/index.js';
import { moveVisitorSaves } from '../play/index.js';
import { moveVisitorWatches } from '../series/index.js';
import { moveVisitorWallet } from '../wallet/index.js';

/**
 * What a visitor did moves to the account they register or sign in to: page views, story saves,
 * episode watches, orders, gems and purchases, conversations. What is not the player's progress or property stays:
 * sessions and the device's DF_ID identity (the device signs in as that visitor again after a
 * sign-out), invite redemptions; login failures, OAuth states and mailed codes are keyed by email
 * or browser, not by user. A visitor cannot follow, block, like or comment (6102), so the social
 * module has nothing to move.
 *
 * Each module moves its own rows (docs/architecture/table-owners.md); this only decides the order,
 * which matters for locks. The visitor's own row is locked first. A webhook locks its order, then
 * the payer's wallet; a chat send or refund locks the wallet, then writes its messages. So orders
 * move before the wallet (which locks both wallets) and chats after it: every concurrent change of
 * the visitor's things either finishes before the merge reads them or waits for it and finds them
 * moved.
 */
const movers: ((tx: Tx, from: number, to: number) => Promise<void>)[] = [
  moveVisitorPageViews,
  moveVisitorSaves,
  moveVisitorWatches,
  moveVisitorOrders,
  moveVisitorWallet,
  moveVisitorChats,
];

export async function mergeVisitorInto(
  tx: Tx,
  visitorUserId: number,
  userId: number,
): Promise<void> {
  if (visitorUserId === userId) return;
  // Two tabs signing in at once both prove the same visitor: the second waits here for the first
  // to commit, then finds nothing left to move. NO KEY UPDATE, not UPDATE: the visitor's own
  // spends insert rows that reference this user (a KEY SHARE lock) while holding its wallet, which
  // the merge takes next; a full UPDATE lock would deadlock with them.
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, visitorUserId))
    .for('no key update');
  for (const move of movers) await move(tx, visitorUserId, userId);
}
