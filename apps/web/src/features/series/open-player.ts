import { useEffect } from 'react';
import type { PlayerStart } from './player/player-modal';

export type { PlayerStart };

/**
 * The window events the app's player listens to (player-host.tsx, which keeps its own copy of
 * the names: sharing a module would put one more file in the home's first visit).
 */
const EVENTS = { open: 'open-player', preload: 'preload-player', closed: 'player-closed' };

/** Opens the app's video player (player-host.tsx) over the current page. */
export const openPlayer = (start: PlayerStart) =>
  window.dispatchEvent(new CustomEvent(EVENTS.open, { detail: start }));

/** On hover or focus of something that opens the player: its code starts loading. */
export const preloadPlayer = () => window.dispatchEvent(new Event(EVENTS.preload));

/** Runs `onClosed` each time the player closes (a page re-reads what the viewer watched). */
export function usePlayerClosed(onClosed: () => void) {
  useEffect(() => {
    window.addEventListener(EVENTS.closed, onClosed);
    return () => window.removeEventListener(EVENTS.closed, onClosed);
  }, [onClosed]);
}
