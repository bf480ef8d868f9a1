import type { Order } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/i18n';
import { toast } from '../../shared/ui/toast/toast-store';
import { formatDateTime, formatGems, formatMoney } from '../wallet/format';

const CopyIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none">
    <rect x="8" y="8" width="11" height="12" rx="2" stroke="currentColor" strokeWidth="1.8" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

/** The order number on one unbroken line, with a button that copies it for support. */
function OrderNumber({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const handleCopy = () => {
    navigator.clipboard
      .writeText(orderNo)
      .then(() => toast.info(t('payment.copied')))
      .catch(() => toast.error(t('payment.copyFailed')));
  };
  return (
    <dd className="payment-result__order">
      <span className="payment-result__order-no" data-testid="order-no" title={orderNo}>
        {orderNo}
      </span>
      <button
        type="button"
        className="payment-result__copy"
        aria-label={t('payment.copyOrderNo')}
        title={t('payment.copyOrderNo')}
        onClick={handleCopy}
      >
        <CopyIcon />
      </button>
    </dd>
  );
}

/** Order number, amount with the gems it buys, time, method and gems received (SPEC §2). */
export function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const received = order.status === 'success' ? order.gems + order.bonus_gems : 0;
  return (
    <dl className="payment-result__facts">
      <dt>{t('payment.orderNo')}</dt>
      <OrderNumber orderNo={order.order_no} />
      <dt>{t('payment.amount')}</dt>
      <dd>
        {formatMoney(order.amount_minor, order.currency, locale)}
        <span className="payment-result__gems" data-testid="order-gems">
          {t('payment.amountGems', { gems: formatGems(order.gems + order.bonus_gems, locale) })}
        </span>
      </dd>
      <dt>{t('payment.time')}</dt>
      <dd>{formatDateTime(order.paid_at ?? order.created_at, locale)}</dd>
      <dt>{t('payment.method')}</dt>
      <dd>{t(`wallet.methods.${order.pay_method}`)}</dd>
      <dt>{t('payment.gemsReceived')}</dt>
      <dd data-testid="gems-received">{formatGems(received, locale)}</dd>
    </dl>
  );
}
