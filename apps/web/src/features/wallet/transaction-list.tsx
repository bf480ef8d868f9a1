import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/i18n';
import { formatDateTime, formatGems, formatMoney } from './format';
import { useTransactions } from './wallet-api';

const PAGE_SIZE = 10;

export function TransactionList() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useTransactions(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  return (
    <section className="wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="wallet-card__title">
        {t('wallet.history')}
      </h2>
      {history.isError && (
        <p role="alert" className="wallet-card__error">
          {t('errors.transactionsFailed')}
        </p>
      )}
      {history.data?.list.length === 0 && (
        <p className="wallet-card__hint">{t('wallet.historyEmpty')}</p>
      )}
      <ul className="ledger">
        {history.data?.list.map((entry) => (
          <li key={entry.id} className="ledger__row">
            <span className="ledger__what">
              <span className="ledger__type">
                {t(`wallet.types.${entry.type}`)}
                {entry.paid && (
                  <span className="ledger__paid">
                    {t('wallet.paidFor', {
                      amount: formatMoney(entry.paid.amount_minor, entry.paid.currency, locale),
                    })}
                  </span>
                )}
              </span>
              <time className="ledger__time" dateTime={entry.created_at}>
                {formatDateTime(entry.created_at, locale)}
              </time>
            </span>
            <span className="ledger__amounts">
              <span className={`ledger__amount ${entry.amount > 0 ? 'is-credit' : 'is-debit'}`}>
                {entry.amount > 0 ? '+' : '−'}
                {formatGems(Math.abs(entry.amount), locale)}
              </span>
              <span className="ledger__after">
                {t('wallet.balanceAfter', { amount: formatGems(entry.balance_after, locale) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pager" aria-label={t('wallet.history')}>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('wallet.previous')}
          </button>
          <span>{t('wallet.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('wallet.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
