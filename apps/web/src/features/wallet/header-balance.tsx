import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { abbreviate } from '../../shared/lib/abbreviate';
import { PendingGemChip } from '../../shared/ui/gem-chip';
import { GemIcon } from '../../shared/ui/icons';
import { formatGems } from './format';
import { useGemBalance } from './wallet-api';
import './wallet.css';

/**
 * The header's gem count, abbreviated as SPEC §9 says (9.2k, 1234.5w) so every balance up to
 * 99,999,999 fits a 390 px header; the full figure is in its name and its tooltip. Its shape
 * shows while the balance loads; hidden for visitors and whenever the balance cannot be read.
 */
export function HeaderBalance({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const balance = useGemBalance(signedIn);
  if (!signedIn) return null;
  if (balance.isPending && balance.fetchStatus !== 'idle') return <PendingGemChip />;
  if (balance.data === undefined) return null;
  const value = formatGems(balance.data, currentLocale());
  const short = abbreviate(balance.data);
  // The name starts with what the eye reads (WCAG 2.5.3), then says the exact count.
  const name =
    short === String(balance.data)
      ? t('wallet.headerBalance', { value })
      : t('wallet.headerBalanceShort', { short, value });
  return (
    <Link
      to="/wallet"
      className="gem-chip"
      aria-label={name}
      title={t('wallet.headerBalanceTitle', { value })}
      data-testid="header-balance"
    >
      <GemIcon size={16} />
      <span>{short}</span>
    </Link>
  );
}
