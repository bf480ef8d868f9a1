import type { Order } from '@taleforge/contracts';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLocale } from '../../shared/i18n/i18n';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { toast } from '../../shared/ui/toast/toast-store';
import { formatDateTime, formatGems, formatMoney } from '../wallet/format';
import { isOrderSettled, useCancelOrder, useOrder, walletKeys } from '../wallet/wallet-api';
import '../wallet/wallet.css';
import { ResultSeal } from './result-seal';

const SUPPORT_EMAIL = 'support@taleforge.app';

/** The toast each ending gets once (SPEC §8). */
function useSettledToast(order: Order | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!order || order.status === 'processing' || shown.current === order.status) return;
    shown.current = order.status;
    if (order.status === 'success') {
      queryClient
        .refetchQueries({ queryKey: walletKeys.balance }, { throwOnError: true })
        .catch(() => toast.error(t('errors.balanceUpdateFailed')));
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
    } else if (order.status === 'failed') {
      toast.error(t('errors.paymentFailed', { reason: failureText(order, t) }));
    } else if (order.status === 'timeout') {
      toast.error(t('errors.paymentTimeout'));
    } else if (order.status === 'cancelled') {
      toast.info(t('errors.paymentCancelled'));
    }
  }, [order, queryClient, t]);
}

/** Back from the provider's "cancel" link: cancel the order once, unless it was paid meanwhile. */
function useCancelOnReturn(orderNo: string | null, order: Order | undefined, cancelled: boolean) {
  const cancel = useCancelOrder();
  const asked = useRef(false);
  useEffect(() => {
    if (!cancelled || !orderNo || !order || isOrderSettled(order) || asked.current) return;
    asked.current = true;
    cancel.mutate(orderNo);
  }, [cancelled, orderNo, order, cancel]);
}

function failureText(order: Order, t: ReturnType<typeof useTranslation>['t']): string {
  // A reason we have no words for is told as a failed payment, never in the provider's words.
  const fallback = t('paymentReasons.payment_failed');
  return t(`paymentReasons.${order.failure_reason ?? 'payment_failed'}`, {
    defaultValue: fallback,
  });
}

export function PaymentCallbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.payment'));
  const locale = currentLocale();
  const headingId = useId();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  const query = useOrder(orderNo);
  const order = query.data;
  useSettledToast(order);
  useCancelOnReturn(orderNo, order, params.get('cancelled') === '1');

  const status = order?.status ?? 'processing';
  const settled = isOrderSettled(order);

  return (
    <div className="wallet-page">
      <section
        className={`wallet-card payment-result payment-result--${status}`}
        aria-labelledby={headingId}
        aria-busy={!settled && !query.isError}
      >
        <ResultSeal status={status} />
        <h1 id={headingId} className="payment-result__title" aria-live="polite">
          {orderNo ? t(`payment.states.${status}`) : t('payment.missing')}
        </h1>
        {status === 'processing' && orderNo && (
          <p className="wallet-card__hint">{t('payment.processingHint')}</p>
        )}
        {status === 'success' && <p className="wallet-card__hint">{t('payment.successHint')}</p>}
        {status === 'failed' && order && (
          <p className="wallet-card__error">
            {t('errors.paymentFailed', { reason: failureText(order, t) })}
          </p>
        )}
        {status === 'timeout' && <p className="wallet-card__error">{t('errors.paymentTimeout')}</p>}
        {order && (
          <dl className="payment-result__facts">
            <dt>{t('payment.orderNo')}</dt>
            <dd data-testid="order-no">{order.order_no}</dd>
            <dt>{t('payment.amount')}</dt>
            <dd>{formatMoney(order.amount_minor, order.currency, locale)}</dd>
            <dt>{t('payment.time')}</dt>
            <dd>{formatDateTime(order.paid_at ?? order.created_at, locale)}</dd>
            <dt>{t('payment.method')}</dt>
            <dd>{t(`wallet.methods.${order.pay_method}`)}</dd>
            <dt>{t('payment.gemsReceived')}</dt>
            <dd data-testid="gems-received">
              {formatGems(status === 'success' ? order.gems + order.bonus_gems : 0, locale)}
            </dd>
          </dl>
        )}
        <div className="payment-result__actions">
          <Link
            className="button button--gold"
            to={safeReturnPath(order?.return_path) ?? '/For_You'}
          >
            {t('payment.returnToGame')}
          </Link>
          {status !== 'success' && status !== 'processing' && (
            <Link className="button button--ghost" to="/wallet#top-up">
              {t('payment.tryAgain')}
            </Link>
          )}
          <a
            className="button button--ghost"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Order ${orderNo ?? ''}`)}`}
          >
            {t('payment.contactSupport')}
          </a>
        </div>
      </section>
    </div>
  );
}
