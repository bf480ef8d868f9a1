import type { OrderStatus } from '@taleforge/contracts/constants';

/** What the result page shows: an order's status, or why it has none to show. */
export type ResultView = OrderStatus | 'not_found' | 'check_failed';

const MARKS: Record<ResultView, string | null> = {
  processing: null,
  success: 'M7 12.5l3.2 3.2L17 9',
  failed: 'M8 8l8 8M16 8l-8 8',
  timeout: 'M12 7v5l3 2',
  cancelled: 'M8 12h8',
  not_found: 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  check_failed: 'M12 7v6M12 17h.01',
};

/**
 * The round seal at the top of the result page: a spinner, a tick, a cross, a clock, a dash; a
 * question mark for an order we cannot show, an exclamation mark when we could not ask.
 */
export function ResultSeal({ status }: { status: ResultView }) {
  const mark = MARKS[status];
  return (
    <span className={`payment-result__seal payment-result__seal--${status}`} aria-hidden="true">
      {mark && (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="34"
          height="34"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={mark} />
        </svg>
      )}
    </span>
  );
}
