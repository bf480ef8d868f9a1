import type { OrderStatus } from '@taleforge/contracts/constants';

/** What a provider (or our own clock) can say about one payment. */
export type PaymentOutcome = 'failed' | 'succeeded' | 'cancelled' | 'expired';

const TERMINAL: ReadonlySet<OrderStatus> = new Set(['success', 'cancelled', 'timeout']);

export function isSettled(status: OrderStatus): boolean {
  return TERMINAL.has(status);
}

/**
 * The order's next status. Statuses only climb: processing → failed → one terminal status, and a
 * terminal status never changes. A payment has at most one terminal outcome, so the end state
 * depends on which outcomes arrived, never on their order. A declined card leaves the checkout
 * open: the payer may still pay, so "failed" is not final.
 */
export function nextStatus(current: OrderStatus, outcome: PaymentOutcome): OrderStatus {
  if (isSettled(current)) return current;
  switch (outcome) {
    case 'succeeded':
      return 'success';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'timeout';
    case 'failed':
      return 'failed';
  }
}
