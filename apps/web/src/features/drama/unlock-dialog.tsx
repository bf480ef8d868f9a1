import type { ChapterInfo } from '@taleforge/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api';
import { toast } from '../../shared/ui/toast/toast-store';
import { unlockChapter } from './play-api';

/** The chapter unlock confirmation (SPEC §2): price in gems, confirm or cancel. */
export function UnlockConfirm({
  gameId,
  chapter,
  close,
  onUnlocked,
}: {
  gameId: number;
  chapter: ChapterInfo;
  close: () => void;
  onUnlocked: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const handleConfirm = async () => {
    setPending(true);
    try {
      await unlockChapter(gameId, chapter.id);
      close();
      onUnlocked();
    } catch (error) {
      // A business refusal says why (e.g. not enough gems); anything else gets SPEC §8's text.
      const refusal = isApiError(error) && error.kind === 'status' ? error.desc : '';
      toast.error(refusal || t('play.unlock.failed'));
      setPending(false);
    }
  };
  return (
    <div className="unlock">
      <p>{t('play.unlock.body', { title: chapter.title, price: chapter.price_gems })}</p>
      <div className="unlock__actions">
        <button type="button" className="button button--ghost" onClick={close} disabled={pending}>
          {t('play.unlock.cancel')}
        </button>
        <button
          type="button"
          className="button button--gold"
          onClick={handleConfirm}
          disabled={pending}
          data-autofocus
        >
          {t('play.unlock.confirm', { price: chapter.price_gems })}
        </button>
      </div>
    </div>
  );
}
