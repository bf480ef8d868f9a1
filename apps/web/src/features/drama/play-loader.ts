import type { PlayState, ResourceInfo } from '@taleforge/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchResources, sendEvent } from './play-api';
import { isKnownSeries } from './series-hint';

/** The game's first step and its assets, asked for before the play page's code has arrived. */
export type PlayOpening = {
  gameId: number;
  state: Promise<PlayState>;
  resources: Promise<ResourceInfo>;
};

/** `/drama/{id}` takes a positive whole number; anything else is a missing game. */
export const parseGameId = (id: string | undefined) => (id && /^\d+$/.test(id) ? Number(id) : 0);

/**
 * Runs beside the page's lazy chunk, so the first story line waits for the slower of the two
 * instead of both in turn (bench/first-line). Nothing is awaited here: the page adopts the
 * promises and handles their failures as its own.
 */
export function playLoader({ params }: LoaderFunctionArgs): {
  opening: PlayOpening | null;
  series?: true;
} {
  const gameId = parseGameId(params.id);
  if (!gameId) return { opening: null };
  // A series has no story to start: its page reads the series instead.
  if (isKnownSeries(gameId)) return { opening: null, series: true };
  const opening = {
    gameId,
    state: sendEvent({ type: 'start', game_id: gameId }),
    resources: fetchResources(gameId),
  };
  // Whoever adopts them reports failures; one that is never adopted must not be "unhandled".
  opening.state.catch(() => {});
  opening.resources.catch(() => {});
  return { opening };
}
