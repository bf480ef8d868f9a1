import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { GemIcon } from '../../shared/ui/icons';
import { formatGems } from './format';
import { useGemBalance } from './wallet-api';
import './wallet.css';

/** The header's gem count; hidden for visitors and whenever the balance cannot be read. */
export function HeaderBalance({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const balance = useGemBalance(signedIn);
  if (!signedIn || balance.data === undefined) return null;
  // The label carries the number as shown (1,600), so it holds the visible text (WCAG 2.5.3).
  const shown = formatGems(balance.data, currentLocale());
  return (
    <Link
      to="/wallet"
      className="gem-chip"
      aria-label={t('wallet.headerBalance', { amount: shown })}
      data-testid="header-balance"
    >
      <GemIcon size={16} />
      <span>{shown}</span>
    </Link>
  );
}
