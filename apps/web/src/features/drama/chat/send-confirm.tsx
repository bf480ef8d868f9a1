import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readItem, writeItem } from '../../../shared/lib/storage';

/** Local choice: the player ticked "don't ask again" in the message-send confirmation. */
const SKIP_KEY = 'chat_send_confirm_skip';

export const shouldConfirmSend = () => readItem(SKIP_KEY) !== '1';

/** SPEC §2's message-send confirmation: the price, the balance, and "don't ask again". */
export function SendConfirm({
  price,
  balance,
  regenerate,
  close,
  onConfirm,
}: {
  price: number;
  balance: number | undefined;
  regenerate: boolean;
  close: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(false);
  const short = balance !== undefined && balance < price;
  return (
    <div className="send-confirm">
      <p>{t(regenerate ? 'chat.confirm.regenerate' : 'chat.confirm.body', { price })}</p>
      <p className="send-confirm__balance">
        {balance === undefined ? '…' : t('chat.confirm.balance', { count: balance })}
      </p>
      {short && <p className="send-confirm__short">{t('chat.confirm.short')}</p>}
      <label className="send-confirm__skip">
        <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} />
        {t('chat.confirm.skip')}
      </label>
      <div className="send-confirm__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('chat.confirm.cancel')}
        </button>
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
      </div>
    </div>
  );
}
