import { unlockCall, walletBalanceCall, walletTransactionsCall } from '@taleforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { defineRoute } from '../../platform/http/route.js';
import { listTransactions, type PaidFor } from './history.js';
import type { UnlockService } from './unlocks.js';
import type { WalletService } from './wallet-service.js';

export function registerWalletRoutes(
  app: FastifyInstance,
  deps: { db: Db; wallet: WalletService; unlocks: UnlockService; paidFor?: PaidFor },
): void {
  const { db, wallet, unlocks, paidFor } = deps;

  defineRoute(app, walletBalanceCall, async ({ auth }) => {
    const gems = await wallet.balance(db, auth.userId);
    return { gem_balance: gems, balance: gems };
  });

  defineRoute(app, walletTransactionsCall, ({ query, auth }) =>
    listTransactions(db, auth.userId, query.page, query.page_size, paidFor),
  );

  defineRoute(app, unlockCall, ({ body, auth }) =>
    unlocks.unlock(db, auth.userId, {
      kind: body.chapter_id !== undefined ? 'chapter' : 'episode',
      gameId: body.game_id,
      targetId: body.chapter_id ?? body.episode_id!,
      idempotencyKey: body.idempotency_key,
    }),
  );
}
