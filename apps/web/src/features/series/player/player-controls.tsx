import { htmlLangOf } from '@taleforge/browser/resolve-locale';
import { LOCALES, type Locale, SERIES_LIMITS } from '@taleforge/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './clock';
import type { SubtitleChoice } from './subtitle-choice';

type Props = {
  paused: boolean;
  currentMs: number;
  durationMs: number;
  rate: number;
  subtitles: SubtitleChoice;
  languages: readonly Locale[];
  /** The subtitle to show now, drawn just above the seek bar so a second line grows upward. */
  cue: string | null;
  onToggle: () => void;
  onSeek: (ms: number) => void;
  onRate: (rate: number) => void;
  onSubtitles: (choice: SubtitleChoice) => void;
};

/** The bar under the video: play, seek, time, speed and subtitles, each with its own label. */
export function PlayerControls(props: Props) {
  const { t } = useTranslation();
  const rateId = useId();
  const subsId = useId();
  const { currentMs, durationMs } = props;
  const languages = LOCALES.filter((locale) => props.languages.includes(locale));
  return (
    <div className="player-controls">
      {props.cue && (
        <p
          className="player-controls__cue"
          lang={props.subtitles === 'off' ? undefined : htmlLangOf(props.subtitles)}
        >
          <span>{props.cue}</span>
        </p>
      )}
      <input
        className="player-controls__seek"
        type="range"
        min={0}
        max={Math.max(durationMs, 1)}
        step={1000}
        value={Math.min(currentMs, durationMs)}
        aria-label={t('series.player.seek')}
        aria-valuetext={t('series.player.time', {
          current: formatClock(currentMs),
          total: formatClock(durationMs),
        })}
        onChange={(event) => props.onSeek(Number(event.currentTarget.value))}
      />
      <div className="player-controls__row">
        <button
          type="button"
          className="player-controls__play"
          aria-label={props.paused ? t('series.player.play') : t('series.player.pause')}
          onClick={props.onToggle}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {props.paused ? (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            ) : (
              <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
            )}
          </svg>
        </button>
        <span className="player-controls__time" aria-hidden="true">
          {formatClock(currentMs)} / {formatClock(durationMs)}
        </span>
        <span className="player-controls__spacer" />
        <label htmlFor={rateId} className="sr-only">
          {t('series.player.speed')}
        </label>
        <select
          id={rateId}
          className="player-controls__select"
          value={props.rate}
          onChange={(event) => props.onRate(Number(event.currentTarget.value))}
        >
          {SERIES_LIMITS.playbackRates.map((rate) => (
            <option key={rate} value={rate}>
              {t('series.player.rate', { rate })}
            </option>
          ))}
        </select>
        <label htmlFor={subsId} className="sr-only">
          {t('series.player.subtitles')}
        </label>
        <select
          id={subsId}
          className="player-controls__select"
          value={props.subtitles}
          disabled={languages.length === 0}
          onChange={(event) => props.onSubtitles(event.currentTarget.value as SubtitleChoice)}
        >
          <option value="off">{t('series.player.subtitlesOff')}</option>
          {languages.map((locale) => (
            <option key={locale} value={locale}>
              {t(`language.${locale}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
