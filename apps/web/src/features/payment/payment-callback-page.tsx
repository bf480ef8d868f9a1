import type { Order } from '@taleforge/contracts';
import { safeReturnPath } from '@taleforge/contracts/return-path';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { toast } from '../../shared/ui/toast/toast-store';
import { isOrderSettled, useCancelOrder, useOrder, walletKeys } from '../wallet/wallet-api';
import '../wallet/wallet.css';
import { OrderFacts } from './order-facts';
import { ResultSeal, type ResultView } from './result-seal';

const SUPPORT_EMAIL = 'support@taleforge.app';

/** The server's answer for an order that is not this player's, or not anyone's (3005). */
const ORDER_NOT_FOUND = 3005;

/**
 * What to show: the order's status; "not found" for no order, an unknown one or another
 * player's; "could not check" when the read failed otherwise (the toast said why). Either of
 * the last two ends the polling, so the page never spins on an order it cannot show.
 */
function viewOf(orderNo: string | null, order: Order | undefined, error: unknown): ResultView {
  if (!orderNo) return 'not_found';
  if (isApiError(error) && error.status === ORDER_NOT_FOUND) return 'not_found';
  if (order && (isOrderSettled(order) || !error)) return order.status;
  return error ? 'check_failed' : 'processing';
}

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
  const headingId = useId();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  const query = useOrder(orderNo);
  const order = query.data;
  useSettledToast(order);
  useCancelOnReturn(orderNo, order, params.get('cancelled') === '1');

  const view = viewOf(orderNo, order, query.error);
  const title =
    view === 'not_found'
      ? t(orderNo ? 'payment.notFound' : 'payment.missing')
      : view === 'check_failed'
        ? t('payment.checkFailed')
        : t(`payment.states.${view}`);
  const lost = view === 'not_found' || view === 'check_failed';

  return (
    <div className="wallet-page">
      <section
        className={`wallet-card payment-result payment-result--${view}`}
        aria-labelledby={headingId}
        aria-busy={view === 'processing'}
      >
        <ResultSeal status={view} />
        <h1 id={headingId} className="payment-result__title" aria-live="polite">
          {title}
        </h1>
        {view === 'processing' && (
          <p className="wallet-card__hint">{t('payment.processingHint')}</p>
        )}
        {view === 'success' && <p className="wallet-card__hint">{t('payment.successHint')}</p>}
        {view === 'not_found' && orderNo && (
          <p className="wallet-card__hint">{t('payment.notFoundHint')}</p>
        )}
        {view === 'check_failed' && (
          <p className="wallet-card__hint">{t('payment.checkFailedHint')}</p>
        )}
        {view === 'failed' && order && (
          <p className="wallet-card__error">
            {t('errors.paymentFailed', { reason: failureText(order, t) })}
          </p>
        )}
        {view === 'timeout' && <p className="wallet-card__error">{t('errors.paymentTimeout')}</p>}
        {order && <OrderFacts order={order} />}
        <div className="payment-result__actions">
          {view === 'check_failed' && (
            <button
              type="button"
              className="button button--gold"
              onClick={() => void query.refetch()}
            >
              {t('payment.checkAgain')}
            </button>
          )}
          <Link
            className={`button ${view === 'check_failed' ? 'button--ghost' : 'button--gold'}`}
            to={lost ? '/For_You' : (safeReturnPath(order?.return_path) ?? '/For_You')}
          >
            {lost ? t('payment.home') : t('payment.returnToGame')}
          </Link>
          {order && view !== 'success' && view !== 'processing' && (
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
