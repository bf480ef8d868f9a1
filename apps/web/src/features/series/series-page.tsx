import type { EpisodeInfo } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { PlayIcon } from '../../shared/ui/icons';
import { CreatorLink } from '../profile/creator-link';
import { WorkSocialBar } from '../social/work-social-bar';
import { ClipShelf } from './clip-shelf';
import { EpisodeGrid } from './episode-grid';
import { openPlayer, preloadPlayer } from './open-player';
import { useSeries } from './series-api';
import './series.css';

/** Body status of a missing series (contracts 6301). */
const SERIES_NOT_FOUND = 6301;

/** `/drama/{id}` for a series: its poster and story, the episodes, previews and the player. */
export function SeriesPage({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const series = useSeries(gameId);
  usePageTitle(series.data?.series.title ?? t('titles.dramaPlay'));

  if (series.isError) {
    const missing = isApiError(series.error) && series.error.status === SERIES_NOT_FOUND;
    return (
      <div className="series-page series-page--message" role="alert">
        <p>{missing ? t('series.notFound') : t('series.loadFailed')}</p>
        {missing ? (
          <Link className="button button--ghost" to="/drama">
            {t('series.backToDrama')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void series.refetch()}
          >
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!series.data) {
    return (
      <div className="series-page" aria-busy="true">
        <p className="sr-only" role="status">
          {t('series.loading')}
        </p>
        <div className="series-hero series-hero--skeleton skeleton" />
      </div>
    );
  }

  const { series: info, episodes, clips, resume } = series.data;
  const resumeEpisode = resume && episodes.find((e) => e.id === resume.episode_id);
  const firstEpisode = resumeEpisode ?? episodes[0];
  const play = (episode: EpisodeInfo) =>
    openPlayer({ kind: 'series', gameId, episodeId: episode.id });
  // Why videos could not be made on this server, each reason once (usually one for them all).
  const failures = [...new Set(episodes.flatMap((e) => (e.ready ? [] : (e.video_error ?? []))))];

  return (
    <div className="series-page">
      <section className="series-hero">
        <div className="series-hero__poster">
          <img src={info.cover} alt="" decoding="async" />
        </div>
        <div className="series-hero__body">
          <h1 className="series-hero__title">{info.title}</h1>
          <p className="series-hero__meta">
            <span className="chip">{t(`genres.${info.script_type}`)}</span>
            <span>{t('series.episodeCount', { count: info.episode_count })}</span>
            {info.free_episodes > 0 && (
              <span>{t('series.freeEpisodes', { count: info.free_episodes })}</span>
            )}
          </p>
          <CreatorLink creator={info.creator} className="series-hero__creator" />
          <p className="series-hero__description">{info.description}</p>
          {firstEpisode && (
            <button
              type="button"
              className="button button--gold series-hero__play"
              disabled={!firstEpisode.ready}
              onPointerEnter={preloadPlayer}
              onFocus={preloadPlayer}
              onClick={() => play(firstEpisode)}
            >
              <PlayIcon size={16} />
              {!firstEpisode.ready
                ? t('series.preparingEpisode', { n: firstEpisode.number })
                : resumeEpisode
                  ? t('series.continue', { n: resumeEpisode.number })
                  : t('series.play', { n: firstEpisode.number })}
            </button>
          )}
        </div>
        <WorkSocialBar gameId={gameId} title={info.title} creator={info.creator} />
      </section>

      <section className="series-section" aria-labelledby="series-episodes">
        <h2 id="series-episodes" className="home-section__title">
          {t('series.episodes')}
        </h2>
        {failures.map((reason) => (
          <p key={reason} className="series-section__notice" role="note">
            {t('series.videosFailed', { reason })}
          </p>
        ))}
        <EpisodeGrid episodes={episodes} current={resume?.episode_id ?? null} onPlay={play} />
      </section>

      <ClipShelf
        clips={clips}
        title={t('series.clips')}
        onPlay={(index) => openPlayer({ kind: 'clips', clips, index })}
      />
    </div>
  );
}
