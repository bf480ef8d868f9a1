import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipShelf } from './clip-shelf';
import { ContinueWatching } from './continue-watching';
import { PlayerOutlet, type PlayerStart } from './player-outlet';
import { useClips, useContinueWatching } from './series-api';
import './series.css';

/** The home page's drama rows: series to continue, or free previews to try. */
export function HomeDrama({ part }: { part: 'continue' | 'clips' }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<PlayerStart | null>(null);
  const continuing = useContinueWatching(part === 'continue');
  const clips = useClips(part === 'clips');
  return (
    <>
      {part === 'continue' ? (
        <ContinueWatching
          items={continuing.data ?? []}
          onPlay={(item) =>
            setPlaying({ kind: 'series', gameId: item.game_id, episodeId: item.episode_id })
          }
        />
      ) : (
        <ClipShelf
          clips={clips.data ?? []}
          title={t('series.clipsHome')}
          onPlay={(index) => setPlaying({ kind: 'clips', clips: clips.data ?? [], index })}
        />
      )}
      <PlayerOutlet start={playing} onClose={() => setPlaying(null)} />
    </>
  );
}
