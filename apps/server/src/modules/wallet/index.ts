/** What other modules may use of the wallet: spend, grant, balance, unlocks. */
export { sumChapterUnlockGems } from './earnings.js';
export { runLotExpiry } from './expiry-job.js';
export { listTransactions, type PaidFor } from './history.js';
export { type LedgerTotals, ledgerTotals } from './ledger-totals.js';
export {
  createUnlockService,
  isUnlocked,
  readPrice,
  type UnlockResolver,
  type UnlockService,
  type UnlockTarget,
  unlockedTargets,
} from './unlocks.js';
export { moveVisitorWallet } from './visitor-transfer.js';
export {
  type CreditReason,
  createWalletService,
  type LedgerObserver,
  type LedgerResult,
  type SpendReason,
  type WalletService,
} from './wallet-service.js';
