import type { Clip } from '@taleforge/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../shared/ui/icons';
import { preloadPlayer } from './open-player';
import { formatClock } from './player/clock';

/** Free previews as vertical posters; a tap plays them in the player, one after another. */
export function ClipShelf(props: {
  clips: Clip[];
  title: string;
  onPlay: (index: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (props.clips.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={titleId} data-section="clips">
      <h2 id={titleId} className="home-section__title">
        {props.title}
      </h2>
      <ul className="poster-row">
        {props.clips.map((clip, index) => (
          <li key={clip.id}>
            <button
              type="button"
              className="poster-card"
              onPointerEnter={preloadPlayer}
              onFocus={preloadPlayer}
              onClick={() => props.onPlay(index)}
            >
              <span className="poster-card__art">
                <img src={clip.video.poster_url} alt="" loading="lazy" decoding="async" />
                <span className="poster-card__badge">
                  <PlayIcon />
                  {formatClock(clip.video.duration_ms)}
                </span>
              </span>
              <span className="poster-card__title">{clip.title}</span>
              <span className="poster-card__meta">
                {t('series.clipOf', { series: clip.series_title })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
