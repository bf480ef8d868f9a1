import type { ContinueWatchingItem } from '@taleforge/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadPlayer } from './open-player';

/** Series the viewer stopped in the middle of: one tap back into the episode, where they were. */
export function ContinueWatching(props: {
  items: ContinueWatchingItem[];
  onPlay: (item: ContinueWatchingItem) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (props.items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={titleId} data-section="continue-watching">
      <h2 id={titleId} className="home-section__title">
        {t('series.continueWatching')}
      </h2>
      <ul className="poster-row">
        {props.items.map((item) => {
          const percent =
            item.duration_ms > 0 ? Math.round((item.position_ms / item.duration_ms) * 100) : 0;
          return (
            <li key={item.game_id}>
              <button
                type="button"
                className="poster-card"
                onPointerEnter={preloadPlayer}
                onFocus={preloadPlayer}
                onClick={() => props.onPlay(item)}
              >
                <span className="poster-card__art">
                  <img src={item.poster_url ?? item.cover} alt="" loading="lazy" decoding="async" />
                  <span className="poster-card__bar" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                </span>
                <span className="poster-card__title">{item.series_title}</span>
                <span className="poster-card__meta">
                  {t('series.episodeProgress', {
                    n: item.episode_number,
                    count: item.episode_count,
                    percent,
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
