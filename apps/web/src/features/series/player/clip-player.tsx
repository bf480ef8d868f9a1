import type { Clip } from '@taleforge/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberSeries } from '../../drama/series-hint';
import { PlayerNotice } from './player-notice';
import { PlayerShell } from './player-shell';

const noReport = () => {};

type Props = { titleId: string; clips: Clip[]; index: number; onClose: () => void };

/** Free previews in a row, as the home page lists them; each leads to its series. */
export function ClipPlayer({ titleId, clips, index: first, onClose }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(first);
  const [failed, setFailed] = useState(false);
  const clip = clips[index];
  const handleFailed = useCallback(() => setFailed(true), []);
  if (!clip) return null;
  const go = (to: number) => () => {
    setFailed(false);
    setIndex(to);
  };
  return (
    <PlayerShell
      titleId={titleId}
      title={clip.series_title}
      caption={clip.title}
      source={failed ? null : clip.video}
      panel={<PlayerNotice text={t('series.player.failed')} onRetry={go(index)} />}
      startAtMs={0}
      episode={null}
      onReport={noReport}
      onPrevious={index > 0 ? go(index - 1) : null}
      onNext={index < clips.length - 1 ? go(index + 1) : null}
      onEnded={() => index < clips.length - 1 && go(index + 1)()}
      onClose={onClose}
      onFailed={handleFailed}
      aside={
        <Link
          className="button button--gold player__series-link"
          to={`/drama/${clip.game_id}`}
          onClick={() => {
            rememberSeries(clip.game_id);
            onClose();
          }}
        >
          {t('series.watchSeries')}
        </Link>
      }
    />
  );
}
