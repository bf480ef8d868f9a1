import type { Db } from '../../platform/db/client.js';
import { usersWithExpiredLots } from './queries.js';
import type { WalletService } from './wallet-service.js';

const BATCH = 200;

/**
 * Moves every expired remainder out through an expiry entry. Safe to run twice or in several
 * processes at once: each user is swept under their wallet lock, and a swept lot holds nothing.
 */
export async function runLotExpiry(db: Db, wallet: WalletService): Promise<number> {
  let gems = 0;
  for (;;) {
    const userIds = await usersWithExpiredLots(db, wallet.now(), BATCH);
    for (const userId of userIds) gems += await wallet.expireUser(db, userId);
    if (userIds.length < BATCH) return gems;
  }
}
