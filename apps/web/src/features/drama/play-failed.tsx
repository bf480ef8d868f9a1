import type { STATUS } from '@taleforge/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Body statuses that mean the game (or its chapter) is not there: trying again cannot help. */
const MISSING = [4001, 4002] as const satisfies readonly [
  typeof STATUS.GAME_NOT_FOUND,
  typeof STATUS.CHAPTER_NOT_FOUND,
];

type Props = {
  /** Why opening failed: a body status, 0 for no answer; null for a link that names no game. */
  status: number | null;
  retrying: boolean;
  onRetry: () => void;
};

/**
 * The story could not be opened. A game that does not exist says so; anything else (no network,
 * a server fault, a story that stumbled) offers to try again, with the focus on that button so a
 * keyboard player is one key away from it.
 */
export function PlayFailed({ status, retrying, onRetry }: Props) {
  const { t } = useTranslation();
  const missing = status === null || (MISSING as readonly number[]).includes(status);
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!missing) retry.current?.focus();
  }, [missing]);
  return (
    <section className="play-missing" aria-labelledby="play-failed-title">
      <h1 id="play-failed-title">{t(missing ? 'play.missing' : 'play.failed.title')}</h1>
      {!missing && <p className="play-missing__hint">{t('play.failed.hint')}</p>}
      <div className="play-missing__actions">
        {!missing && (
          <button
            ref={retry}
            type="button"
            className="button button--gold"
            onClick={onRetry}
            disabled={retrying}
            aria-busy={retrying}
          >
            {t(retrying ? 'play.failed.retrying' : 'play.failed.retry')}
          </button>
        )}
        <Link className="button button--ghost" to="/For_You">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}
