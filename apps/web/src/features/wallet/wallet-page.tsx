import { safeReturnPath } from '@taleforge/contracts/return-path';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { GemIcon } from '../../shared/ui/icons';
import { formatGems } from './format';
import { TopUpPanel } from './top-up-panel';
import { TransactionList } from './transaction-list';
import { useGemBalance } from './wallet-api';
import './wallet.css';

export function WalletPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.wallet'));
  const headingId = useId();
  const [params] = useSearchParams();
  const balance = useGemBalance(true);
  // Where the payment result page's "Return to game" goes: a path on this site, or nowhere.
  const returnPath = safeReturnPath(params.get('return')) ?? undefined;

  return (
    <div className="wallet-page">
      <section className="wallet-hero" aria-labelledby={headingId}>
        <h1 id={headingId} className="wallet-hero__label">
          {t('wallet.balanceLabel')}
        </h1>
        <p className="wallet-hero__balance" data-testid="wallet-balance">
          <GemIcon size={30} />
          {balance.data === undefined ? '—' : formatGems(balance.data, currentLocale())}
        </p>
      </section>
      <div className="wallet-columns">
        <TopUpPanel returnPath={returnPath} />
        <TransactionList />
      </div>
    </div>
  );
}
