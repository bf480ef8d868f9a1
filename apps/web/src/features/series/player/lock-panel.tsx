import type { EpisodeInfo } from '@taleforge/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { GemIcon } from '../../../shared/ui/icons';
import { formatGems } from '../../wallet/format';
import { LockIcon } from '../series-icons';

// The wallet's confirmation (SPEC: "chapter unlock confirmation"), shared with the story's chapters.
const UnlockDialog = lazy(() =>
  import('../../wallet/unlock-dialog').then((m) => ({ default: m.UnlockDialog })),
);

/**
 * A locked episode where its video would be: the price, and the unlock confirmation opened at
 * once; after "Not now" the button opens it again.
 */
export function LockPanel(props: { gameId: number; episode: EpisodeInfo; onUnlocked: () => void }) {
  const { t } = useTranslation();
  const { episode } = props;
  const [asking, setAsking] = useState(false);
  // Opened once the player is there: a player opened on a locked episode then holds the page's
  // focus first, so the confirmation sits above it and gives the focus back to it.
  useEffect(() => setAsking(true), []);
  return (
    <div className="player-lock">
      {episode.poster_url && (
        <img className="player-lock__poster" src={episode.poster_url} alt="" />
      )}
      <LockIcon size={36} />
      <p className="player-lock__title">{t('series.locked', { n: episode.number })}</p>
      <button type="button" className="button button--gold" onClick={() => setAsking(true)}>
        <GemIcon size={14} />
        {t('series.unlockFor', {
          count: episode.price_gems,
          price: formatGems(episode.price_gems, currentLocale()),
        })}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <UnlockDialog
            target={{
              kind: 'episode',
              gameId: props.gameId,
              targetId: episode.id,
              price: episode.price_gems,
              name: t('series.episodeName', { n: episode.number, title: episode.title }),
            }}
            onUnlocked={() => {
              setAsking(false);
              props.onUnlocked();
            }}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
