import type { Clip, ContinueWatchingItem } from '@taleforge/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { ClipShelf } from './clip-shelf';
import { ContinueWatching } from './continue-watching';
import { openPlayer, usePlayerClosed } from './open-player';
import { seriesEndpoints as calls } from './series-calls';
import './series.css';

/**
 * The home page's drama rows. Read without the query cache, which the home does not load
 * (decision 6); the row of series to continue reads again when the player closes.
 */
export default function HomeDramaRow({ part }: { part: 'continue' | 'clips' }) {
  const { t } = useTranslation();
  // Bumped when the player closes: the row of series to continue then shows the new progress.
  const [reads, setReads] = useState(0);
  usePlayerClosed(useCallback(() => setReads((n) => n + 1), []));
  const [clips, setClips] = useState<Clip[]>([]);
  const [continuing, setContinuing] = useState<ContinueWatchingItem[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` is the trigger, not an input.
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, quiet: true };
    // A row that cannot be read is left out: the home is whole without it.
    if (part === 'clips')
      request(calls.clipList, options).then(
        (data) => setClips(data.list),
        () => {},
      );
    else
      request(calls.continueWatching, options).then(
        (data) => setContinuing(data.list),
        () => {},
      );
    return () => controller.abort();
  }, [part, reads]);

  if (part === 'clips')
    return (
      <ClipShelf
        clips={clips}
        title={t('series.clipsHome')}
        onPlay={(index) => openPlayer({ kind: 'clips', clips, index })}
      />
    );
  return (
    <ContinueWatching
      items={continuing}
      onPlay={(item) =>
        openPlayer({ kind: 'series', gameId: item.game_id, episodeId: item.episode_id })
      }
    />
  );
}
