import { htmlLangOf } from '@taleforge/browser/resolve-locale';
import type { VideoSource } from '@taleforge/contracts';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { CloseIcon } from '../../../shared/ui/icons';
import { cueText } from './cue-text';
import { PlayerControls } from './player-controls';
import { playerKeyAction, SEEK_STEP_MS } from './player-keys';
import type { ProgressReport } from './progress-reporter';
import { pickSubtitles, type SubtitleChoice } from './subtitle-choice';
import { useEpisodeProgress } from './use-episode-progress';
import { useSwipe } from './use-swipe';
import { useVideoSource } from './use-video-source';

/** Share of an episode after which the next one's start is fetched ahead. */
export const WARM_NEXT_AT = 0.8;
export type ShellProps = {
  titleId: string;
  title: string;
  /** The item as the viewer knows it, e.g. "Episode 2 · The Letter". */
  caption: string;
  source: VideoSource | null;
  /** Shown instead of the video (an unlock, "preparing", a failure) when there is no source. */
  panel: ReactNode;
  startAtMs: number;
  /** The episode whose progress is saved; null for a clip. */
  episode: { id: number; durationMs: number } | null;
  onReport: (report: ProgressReport) => void;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onEnded: () => void;
  onNearEnd?: () => void;
  onClose: () => void;
  onFailed: () => void;
  aside?: ReactNode;
};

/** One <video> for the whole visit: moving to another episode swaps its source, not the element. */
export function PlayerShell(props: ShellProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const [currentMs, setCurrentMs] = useState(0);
  const [durationMs, setDurationMs] = useState(0);
  const [rate, setRate] = useState(1);
  const [cue, setCue] = useState<string | null>(null);
  const [picked, setPicked] = useState<SubtitleChoice | null>(null);
  const source = props.source;
  const languages = source?.subtitles.map((s) => s.lang) ?? [];
  const subtitles = pickSubtitles(languages, currentLocale(), picked);
  const startAt = useRef(props.startAtMs);
  startAt.current = props.startAtMs;
  const warmed = useRef(false);
  const { onNearEnd, onEnded } = props;

  // Declared before the source, so leaving an episode reports its position before it is unloaded.
  useEpisodeProgress(video, source ? props.episode : null, props.onReport);
  useVideoSource(video, source?.hls_url ?? null, props.onFailed);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source starts the clock anew.
  useEffect(() => {
    warmed.current = false;
    setCurrentMs(0);
    setDurationMs(source?.duration_ms ?? 0);
  }, [source?.hls_url]);

  // The chosen language's cues are followed and drawn above the controls; the others stay loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source brings new tracks.
  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks) return;
    const apply = () => {
      setCue(null);
      for (const track of Array.from(tracks)) {
        const on = subtitles !== 'off' && track.language === htmlLangOf(subtitles);
        // Hidden, not disabled: its cues still become active, and the player shows their words.
        track.mode = on ? 'hidden' : 'disabled';
        track.oncuechange = on ? () => setCue(cueText(track)) : null;
        if (on) setCue(cueText(track));
      }
    };
    apply();
    tracks.addEventListener?.('addtrack', apply);
    return () => tracks.removeEventListener?.('addtrack', apply);
  }, [subtitles, source?.hls_url]);

  const toggle = useCallback(() => {
    const element = video.current;
    if (!element || !source) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  }, [source]);
  const seek = (ms: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = Math.max(0, Math.min(ms, durationMs)) / 1000;
    setCurrentMs(element.currentTime * 1000);
  };
  const changeRate = (next: number) => {
    setRate(next);
    if (video.current) video.current.playbackRate = next;
  };

  const swipe = useSwipe({
    onNext: () => props.onNext?.(),
    onPrevious: () => props.onPrevious?.(),
    onTap: toggle,
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys from a dialog opened over the player (the unlock) bubble here through React: not ours.
    if (!event.currentTarget.contains(event.target as Node)) return;
    const action = playerKeyAction(
      event.key,
      event.target as HTMLInputElement,
      event.altKey || event.ctrlKey || event.metaKey,
    );
    if (!action) return;
    event.preventDefault();
    if (action === 'toggle') toggle();
    else if (action === 'next') props.onNext?.();
    else if (action === 'previous') props.onPrevious?.();
    else seek(currentMs + (action === 'forward' ? SEEK_STEP_MS : -SEEK_STEP_MS));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the player's shortcuts; every one also has a button.
    <div className="player" tabIndex={-1} data-autofocus onKeyDown={handleKeyDown}>
      <header className="player__top">
        <button
          type="button"
          className="player__icon"
          aria-label={t('series.player.close')}
          onClick={props.onClose}
        >
          <CloseIcon />
        </button>
        <div className="player__heading">
          <h2 id={props.titleId} className="player__title">
            {props.title}
          </h2>
          <p className="player__caption">{props.caption}</p>
        </div>
      </header>

      <div className="player__frame" data-testid="player-frame" {...swipe}>
        {/* biome-ignore lint/a11y/useMediaCaption: the subtitles are the source's, one track per language. */}
        <video
          ref={video}
          className="player__video"
          hidden={!source}
          playsInline
          preload="auto"
          poster={source?.poster_url}
          crossOrigin="anonymous"
          onPlay={() => setPaused(false)}
          onPause={() => setPaused(true)}
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            element.playbackRate = rate;
            setDurationMs(Math.round(element.duration * 1000) || (source?.duration_ms ?? 0));
            const at = startAt.current;
            if (at > 0 && at < element.duration * 1000 - 2_000) element.currentTime = at / 1000;
          }}
          onTimeUpdate={(event) => {
            const element = event.currentTarget;
            setCurrentMs(element.currentTime * 1000);
            if (!warmed.current && element.currentTime >= element.duration * WARM_NEXT_AT) {
              warmed.current = true;
              onNearEnd?.();
            }
          }}
          onEnded={onEnded}
        >
          {source?.subtitles.map((track) => (
            <track
              key={track.url}
              kind="subtitles"
              src={track.url}
              srcLang={htmlLangOf(track.lang)}
              label={t(`language.${track.lang}`)}
            />
          ))}
        </video>
        {!source && <div className="player__panel">{props.panel}</div>}
        {source && paused && (
          <span className="player__paused" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
        )}
      </div>

      <nav className="player__nav" aria-label={t('series.player.episodes')}>
        <button
          type="button"
          className="player__icon"
          aria-label={t('series.player.previous')}
          disabled={!props.onPrevious}
          onClick={() => props.onPrevious?.()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <button
          type="button"
          className="player__icon"
          aria-label={t('series.player.next')}
          disabled={!props.onNext}
          onClick={() => props.onNext?.()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        {props.aside}
      </nav>

      {source && (
        <PlayerControls
          paused={paused}
          currentMs={currentMs}
          durationMs={durationMs}
          rate={rate}
          subtitles={subtitles}
          languages={languages}
          onToggle={toggle}
          onSeek={seek}
          onRate={changeRate}
          onSubtitles={setPicked}
          cue={cue}
        />
      )}
    </div>
  );
}
