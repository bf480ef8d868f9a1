import { Suspense } from 'react';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';
import type { PlayerStart } from './player/player-modal';

// The player and hls.js are their own chunks, fetched on the first tap on a video.
const PlayerModal = lazyWithQueries(() =>
  import('./player/player-modal').then((m) => m.PlayerModal),
);
/** On hover or focus of something that opens the player: the tap then finds it loaded. */
export const preloadPlayer = () => void import('./player/player-modal').catch(() => {});

export type { PlayerStart };

/** Where a page puts the player: nothing until `start` names what to play. */
export function PlayerOutlet(props: { start: PlayerStart | null; onClose: () => void }) {
  if (!props.start) return null;
  return (
    <Suspense fallback={null}>
      <PlayerModal start={props.start} onClose={props.onClose} />
    </Suspense>
  );
}
