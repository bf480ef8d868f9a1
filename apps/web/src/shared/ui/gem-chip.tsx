import { GemIcon } from './icons';
import './gem-chip.css';

/** The header's gem chip before the balance is known: its shape, no number, hidden from readers. */
export function PendingGemChip() {
  return (
    <span
      className="gem-chip gem-chip--pending"
      aria-hidden="true"
      data-testid="header-balance-pending"
    >
      <GemIcon size={16} />
    </span>
  );
}
