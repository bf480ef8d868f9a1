import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { Modal } from '../../shared/ui/dialog/modal';
import { GemIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast/toast-store';
import { formatGems } from './format';
import { newIdempotencyKey, useGemBalance, useUnlock } from './wallet-api';
import './wallet.css';

/** Body status of "not enough gems" (contracts status 3001; the browser does not load the catalogue). */
const INSUFFICIENT_GEMS = 3001;

export type UnlockTarget = {
  kind: 'chapter' | 'episode';
  gameId: number;
  targetId: number;
  price: number;
  /** What is being bought as the player knows it (e.g. "Chapter 2 · Low Tide"), already localized. */
  name?: string;
};

/**
 * Confirms a chapter or episode unlock with its price and the player's balance. The server
 * decides the price it charges; the one shown here is the story module's figure.
 */
export function UnlockDialog(props: {
  target: UnlockTarget;
  onUnlocked: () => void;
  onClose: () => void;
}) {
  const { target, onUnlocked, onClose } = props;
  const { t } = useTranslation();
  const locale = currentLocale();
  const titleId = useId();
  const { pathname } = useLocation();
  const balance = useGemBalance(true);
  const unlock = useUnlock();
  // One key for this dialog: a repeated click is the same purchase.
  const key = useRef(newIdempotencyKey('unlock'));
  const short = balance.data !== undefined && balance.data < target.price;

  const handleConfirm = () => {
    unlock.mutate(
      { ...target, idempotencyKey: key.current },
      {
        onSuccess: (result) => {
          toast.success(result.already_unlocked ? t('unlock.already') : t('unlock.done'));
          onUnlocked();
        },
        onError: (error) => {
          const short = isApiError(error) && error.status === INSUFFICIENT_GEMS;
          toast.error(short ? t('errors.insufficient') : t('errors.unlockFailed'));
          // The balance shown was stale: read it again so the dialog offers the top-up.
          if (short) void balance.refetch();
        },
      },
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} closeOnBackdrop className="dialog unlock-dialog">
      <h2 id={titleId} className="unlock-dialog__title">
        {target.kind === 'chapter' ? t('unlock.titleChapter') : t('unlock.titleEpisode')}
      </h2>
      {target.name && <p className="unlock-dialog__name">{target.name}</p>}
      <dl className="payment-result__facts">
        <dt>{t('unlock.price')}</dt>
        <dd className="unlock-dialog__price">
          <GemIcon size={14} />
          {formatGems(target.price, locale)}
        </dd>
        <dt>{t('unlock.balance')}</dt>
        <dd data-testid="unlock-balance">
          {balance.data === undefined ? '—' : formatGems(balance.data, locale)}
        </dd>
      </dl>
      {short && <p className="wallet-card__error">{t('errors.insufficient')}</p>}
      <div className="payment-result__actions">
        {short ? (
          <Link
            className="button button--gold"
            // The payment result page's "return to game" brings the player back here.
            to={{
              pathname: '/wallet',
              search: `?return=${encodeURIComponent(pathname)}`,
              hash: 'top-up',
            }}
            onClick={onClose}
          >
            {t('unlock.topUp')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--gold"
            data-autofocus
            disabled={unlock.isPending}
            onClick={handleConfirm}
          >
            {t('unlock.confirm', { count: target.price })}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('unlock.cancel')}
        </button>
      </div>
    </Modal>
  );
}
