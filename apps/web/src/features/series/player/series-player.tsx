import type { EpisodeInfo } from '@taleforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { prefetchEpisode, seriesKeys, useEpisodePlay, useSeries } from '../series-api';
import { LockPanel } from './lock-panel';
import { PlayerNotice } from './player-notice';
import { PlayerShell } from './player-shell';
import { warmStart } from './prefetch-next';
import type { ProgressReport } from './progress-reporter';

/** Body status of a locked episode (contracts 6303). */
const EPISODE_LOCKED = 6303;

type Props = { titleId: string; gameId: number; episodeId: number; onClose: () => void };

/** A series' episodes one after another: swipe or arrows between them, locks where they are. */
export function SeriesPlayer({ titleId, gameId, episodeId: first, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const series = useSeries(gameId);
  const [episodeId, setEpisodeId] = useState(first);
  const [failed, setFailed] = useState(false);
  // Where this visit left each episode: a swipe back resumes there, whatever the cache holds.
  const positions = useRef(new Map<number, ProgressReport>());
  const warming = useRef<AbortController | null>(null);
  useEffect(() => () => warming.current?.abort(), []);

  const episodes = series.data?.episodes ?? [];
  const index = episodes.findIndex((e) => e.id === episodeId);
  const episode: EpisodeInfo | undefined = episodes[index];
  const play = useEpisodePlay(episode?.unlocked && episode.ready ? episodeId : null);
  const locked =
    (episode && !episode.unlocked) ||
    (isApiError(play.error) && play.error.status === EPISODE_LOCKED);

  const go = (target: EpisodeInfo | undefined) => {
    if (!target) return;
    setFailed(false);
    setEpisodeId(target.id);
  };
  const previous = index > 0 ? () => go(episodes[index - 1]) : null;
  const next = index >= 0 && index < episodes.length - 1 ? () => go(episodes[index + 1]) : null;

  const warmNext = () => {
    const upcoming = episodes[index + 1];
    if (!upcoming?.unlocked || !upcoming.ready) return;
    warming.current?.abort();
    const controller = new AbortController();
    warming.current = controller;
    void prefetchEpisode(queryClient, upcoming.id)
      .then((data) => warmStart(data.video.hls_url, controller.signal))
      .catch(() => {});
  };
  const handleReport = useCallback((report: ProgressReport) => {
    positions.current.set(report.episode_id, report);
  }, []);
  const handleFailed = useCallback(() => setFailed(true), []);
  const handleUnlocked = () => {
    void queryClient.invalidateQueries({ queryKey: seriesKeys.series(gameId) });
    void queryClient.resetQueries({ queryKey: seriesKeys.episode(episodeId) });
  };

  const saved = positions.current.get(episodeId);
  const known = saved ?? play.data?.episode;
  const startAtMs = !known || ('completed' in known && known.completed) ? 0 : known.position_ms;
  const source = !locked && !failed ? (play.data?.video ?? null) : null;

  const panel = (() => {
    if (series.isError)
      return <PlayerNotice text={t('series.loadFailed')} onRetry={() => void series.refetch()} />;
    if (!series.data) return <PlayerNotice text={t('series.player.loading')} busy />;
    if (!episode) return <PlayerNotice text={t('series.episodeMissing')} />;
    if (episode.video_error != null)
      return <PlayerNotice text={t('series.videoFailed', { reason: episode.video_error })} />;
    if (!episode.ready) return <PlayerNotice text={t('series.preparing')} />;
    if (locked)
      return (
        <LockPanel key={episode.id} gameId={gameId} episode={episode} onUnlocked={handleUnlocked} />
      );
    if (play.isPending) return <PlayerNotice text={t('series.player.loading')} busy />;
    const retry = () => {
      setFailed(false);
      void play.refetch();
    };
    return <PlayerNotice text={t('series.player.failed')} onRetry={retry} />;
  })();

  return (
    <PlayerShell
      titleId={titleId}
      title={series.data?.series.title ?? ''}
      caption={
        episode
          ? t('series.episodeOf', {
              n: episode.number,
              count: episodes.length,
              title: episode.title,
            })
          : ''
      }
      source={source}
      panel={panel}
      startAtMs={startAtMs}
      episode={episode ? { id: episode.id, durationMs: episode.duration_ms } : null}
      onReport={handleReport}
      onPrevious={previous}
      onNext={next}
      onEnded={() => next?.()}
      onNearEnd={warmNext}
      onClose={onClose}
      onFailed={handleFailed}
    />
  );
}
