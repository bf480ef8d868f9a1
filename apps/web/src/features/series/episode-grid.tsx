import type { EpisodeInfo } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LockIcon } from './series-icons';

/** Share of an episode watched, for its bar: none until started, full once completed. */
export const watchedPercent = (episode: EpisodeInfo) =>
  episode.completed
    ? 100
    : episode.duration_ms > 0
      ? Math.min(100, Math.round((episode.position_ms / episode.duration_ms) * 100))
      : 0;

/** Every episode of a series as a numbered tile: its lock and price, how far the viewer got. */
export function EpisodeGrid(props: {
  episodes: EpisodeInfo[];
  current: number | null;
  onPlay: (episode: EpisodeInfo) => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="episode-grid" aria-label={t('series.episodes')}>
      {props.episodes.map((episode) => {
        const percent = watchedPercent(episode);
        const failed = episode.video_error != null;
        // What it costs or how far the viewer got, whether or not its video is ready yet: a
        // series that says "first 3 free" shows which 3, and what the rest cost, from the start.
        const access = !episode.unlocked
          ? t('series.lockedPrice', { count: episode.price_gems })
          : episode.completed
            ? t('series.watched')
            : percent > 0
              ? t('series.watchedPercent', { percent })
              : episode.price_gems === 0
                ? t('series.free')
                : t('series.unlocked');
        const making = episode.ready
          ? null
          : failed
            ? t('series.unavailable')
            : t('series.preparing');
        return (
          <li key={episode.id}>
            <button
              type="button"
              className={`episode-tile ${episode.id === props.current ? 'episode-tile--current' : ''} ${episode.unlocked ? '' : 'episode-tile--locked'} ${failed ? 'episode-tile--failed' : ''}`}
              disabled={!episode.ready}
              title={failed ? t('series.videoFailed', { reason: episode.video_error }) : undefined}
              aria-current={episode.id === props.current ? 'true' : undefined}
              data-episode={episode.number}
              onClick={() => props.onPlay(episode)}
            >
              <span className="episode-tile__number">{episode.number}</span>
              <span className="sr-only">
                {t('series.episodeName', { n: episode.number, title: episode.title })}
              </span>
              <span className="episode-tile__state">
                {!episode.unlocked && <LockIcon size={12} />}
                {episode.completed && <CheckIcon size={12} />}
                <span>{access}</span>
              </span>
              {making && <span className="episode-tile__making">{making}</span>}
              {percent > 0 && !episode.completed && (
                <span className="episode-tile__bar" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
