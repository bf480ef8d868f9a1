import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries';
import type { PlayerStart } from './player/player-modal';

// The player and hls.js are their own chunks, fetched when something first opens the player.
const load = () => import('./player/player-modal');
const PlayerModal = lazyWithQueries(() => load().then((m) => m.PlayerModal));

/**
 * The app's video player over whatever page opened it. Pages open it by window event
 * (open-player.ts, which names the events), so the player's code is only ever reached through
 * the shell: the home's first visit does not carry it. A new page closes it.
 */
export function PlayerHost() {
  const [start, setStart] = useState<PlayerStart | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const open = (event: Event) => setStart((event as CustomEvent<PlayerStart>).detail);
    const preload = () => void load().catch(() => {});
    window.addEventListener('open-player', open);
    window.addEventListener('preload-player', preload);
    return () => {
      window.removeEventListener('open-player', open);
      window.removeEventListener('preload-player', preload);
    };
  }, []);
  // A link in the player (the wallet's top-up, a clip's series) leaves the page: the player goes too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => () => setStart(null), [pathname]);

  const close = useCallback(() => {
    setStart(null);
    window.dispatchEvent(new Event('player-closed'));
  }, []);
  if (!start) return null;
  return (
    <Suspense fallback={null}>
      <PlayerModal start={start} onClose={close} />
    </Suspense>
  );
}
