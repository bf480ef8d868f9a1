import { readItem, writeItem } from '@taleforge/browser/storage';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGemBalance } from '../../wallet/wallet-api';

/** Local choice: the player ticked "don't ask again" in the message-send confirmation. */
const SKIP_KEY = 'chat_send_confirm_skip';

const shouldConfirmSend = () => readItem(SKIP_KEY) !== '1';

/** Too few gems for a paid reply: the confirmation must show, with its Top up, whatever was ticked. */
const isShort = (price: number, balance: number | undefined) =>
  price > 0 && balance !== undefined && balance < price;

/**
 * Whether sending (or a new reply) asks first. SPEC §2's message-send confirmation is for a
 * message that costs gems; a free one (an offline character's) is sent at once.
 */
export const asksBeforeSending = (price: number, balance: number | undefined) =>
  price > 0 && (isShort(price, balance) || shouldConfirmSend());

/**
 * SPEC §2's message-send confirmation for a paid reply: the price, the balance, and "don't ask
 * again". Short of gems, it offers Top up instead of Send, as the unlock dialog does; the
 * wallet brings the player back to this conversation after paying.
 */
export function SendConfirm({
  price,
  regenerate,
  topUpPath,
  close,
  onConfirm,
}: {
  price: number;
  regenerate: boolean;
  /** The wallet's top-up, with the way back to this conversation. */
  topUpPath: string;
  close: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(false);
  // Read here, not handed in: a dialog opened before a fresh read shows the new figure.
  const balance = useGemBalance(true).data;
  const short = isShort(price, balance);
  const body = t(regenerate ? 'chat.confirm.regenerate' : 'chat.confirm.body', { price });
  return (
    <div className="send-confirm">
      <p>{body}</p>
      <p className="send-confirm__balance">
        {balance === undefined ? '…' : t('chat.confirm.balance', { count: balance })}
      </p>
      {short ? (
        <p className="send-confirm__short">{t('chat.confirm.short')}</p>
      ) : (
        <label className="send-confirm__skip">
          <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} />
          {t('chat.confirm.skip')}
        </label>
      )}
      <div className="send-confirm__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('chat.confirm.cancel')}
        </button>
        {short ? (
          <Link className="button button--gold" data-autofocus to={topUpPath} onClick={close}>
            {t('chat.confirm.topUp')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--gold"
            data-autofocus
            onClick={() => {
              if (skip) writeItem(SKIP_KEY, '1');
              close();
              onConfirm();
            }}
          >
            {t('chat.confirm.send', { price })}
          </button>
        )}
      </div>
    </div>
  );
}
