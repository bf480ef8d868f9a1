import { PAYMENT_METHODS, type PaymentMethod } from '@taleforge/contracts/constants';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/i18n';
import { GemIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast/toast-store';
import { formatGems, formatMoney } from './format';
import { newIdempotencyKey, useCreateOrder, useGoodsTiers } from './wallet-api';

/** Six packs, a payment method, the notice, and off to the provider's checkout. */
export function TopUpPanel({ returnPath }: { returnPath?: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const headingId = useId();
  const tiers = useGoodsTiers();
  const createOrder = useCreateOrder();
  const [goodsId, setGoodsId] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('alipay');
  // One key per choice: a double click or a retry reuses it and opens one order.
  const attempt = useRef<{ choice: string; key: string } | null>(null);

  const selected = tiers.data?.find((tier) => tier.id === goodsId) ?? tiers.data?.[0];

  const handlePay = () => {
    if (!selected) return;
    const choice = `${selected.id}|${method}`;
    if (attempt.current?.choice !== choice) {
      attempt.current = { choice, key: newIdempotencyKey('topup') };
    }
    createOrder.mutate(
      { goodsId: selected.id, payMethod: method, returnPath, idempotencyKey: attempt.current.key },
      {
        onSuccess: (order) => {
          if (order.checkout_url) window.location.assign(order.checkout_url);
          else toast.error(t('errors.topUpFailed'));
        },
        onError: () => toast.error(t('errors.topUpFailed')),
      },
    );
  };

  return (
    <section className="wallet-card top-up" aria-labelledby={headingId} id="top-up">
      <h2 id={headingId} className="wallet-card__title">
        {t('wallet.topUp')}
      </h2>
      <p className="wallet-card__hint">{t('wallet.topUpHint')}</p>
      <div className="tier-grid" role="radiogroup" aria-labelledby={headingId}>
        {tiers.data?.map((tier) => {
          const checked = tier.id === selected?.id;
          return (
            <label key={tier.id} className={`tier${checked ? ' tier--checked' : ''}`}>
              <input
                type="radio"
                name="tier"
                value={tier.id}
                checked={checked}
                onChange={() => setGoodsId(tier.id)}
                className="tier__input"
              />
              {tier.discount_percent !== null && (
                <span className="tier__badge">
                  {t('wallet.badge', { percent: tier.discount_percent })}
                </span>
              )}
              <span className="tier__gems">
                <GemIcon size={18} />
                {formatGems(tier.gems, locale)}
              </span>
              {tier.bonus_gems > 0 && (
                <span className="tier__bonus">
                  {t('wallet.bonus', { amount: formatGems(tier.bonus_gems, locale) })}
                </span>
              )}
              <span className="tier__price">
                {formatMoney(tier.price_minor, tier.currency, locale)}
              </span>
            </label>
          );
        })}
      </div>
      <fieldset className="methods">
        <legend>{t('wallet.method')}</legend>
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className={`method${m === method ? ' method--checked' : ''}`}>
            <input
              type="radio"
              name="pay_method"
              value={m}
              checked={m === method}
              onChange={() => setMethod(m)}
            />
            {t(`wallet.methods.${m}`)}
          </label>
        ))}
      </fieldset>
      <p className="top-up__notice">{t('wallet.notice')}</p>
      <button
        type="button"
        className="button button--gold top-up__pay"
        disabled={!selected || createOrder.isPending}
        onClick={handlePay}
      >
        {selected
          ? t('wallet.pay', {
              amount: formatMoney(selected.price_minor, selected.currency, locale),
              gems: formatGems(selected.gems + selected.bonus_gems, locale),
            })
          : t('wallet.topUp')}
      </button>
    </section>
  );
}
