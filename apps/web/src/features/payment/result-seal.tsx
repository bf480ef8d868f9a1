import type { OrderStatus } from '@taleforge/contracts/constants';

const MARKS: Record<OrderStatus, string | null> = {
  processing: null,
  success: 'M7 12.5l3.2 3.2L17 9',
  failed: 'M8 8l8 8M16 8l-8 8',
  timeout: 'M12 7v5l3 2',
  cancelled: 'M8 12h8',
};

/** The round seal at the top of the result page: a spinner, a tick, a cross, a clock, a dash. */
export function ResultSeal({ status }: { status: OrderStatus }) {
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
