import type { GameEventBody, PlayState } from '@taleforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { toast } from '../../shared/ui/toast/toast-store';
import { fetchResources, sendEvent, sendLineSeen } from './play-api';
import type { PlayOpening } from './play-loader';

/** Body status the server answers when another device (or a double tap) moved the story on. */
const STALE_EVENT = 4005;

type StepEvent = Exclude<GameEventBody, { type: 'start' }>;
/** A step as the page asks for it: the hook adds the game and the save's seq. */
export type PlayAction =
  | { type: 'continue' }
  | { type: 'choose'; choice_index: number }
  | { type: 'use_item'; item_key: string }
  | { type: 'minigame_move'; move: Record<string, unknown> }
  | { type: 'rewind'; to_step: number };

/**
 * Takes each promise the loader hands over once: its answer serves the first read of that game,
 * later reads ask anew. Another game (the loader ran again) brings a new one.
 */
function useOnce<T>(value: Promise<T> | undefined) {
  const latest = useRef(value);
  latest.current = value;
  const taken = useRef(new WeakSet<Promise<T>>());
  return useCallback(() => {
    const current = latest.current;
    if (!current || taken.current.has(current)) return undefined;
    taken.current.add(current);
    return current;
  }, []);
}

export function useGameResources(gameId: number, opening?: PlayOpening | null) {
  const locale = currentLocale();
  const takeOpening = useOnce(opening?.gameId === gameId ? opening.resources : undefined);
  return useQuery({
    queryKey: ['game-resources', gameId, locale],
    queryFn: ({ signal }) => takeOpening() ?? fetchResources(gameId, signal),
    enabled: gameId > 0,
  });
}

/**
 * The story as the server tells it. One event in flight at a time; a refused step leaves the
 * state as it was (the server changed nothing either) and says why.
 */
export function usePlay(gameId: number, opening?: PlayOpening | null) {
  const [state, setState] = useState<PlayState | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why the story could not be opened (a body status, or 0 for no answer); null when it was. */
  const [failed, setFailed] = useState<number | null>(null);
  const inFlight = useRef(false);
  const queryClient = useQueryClient();
  const locale = currentLocale();

  const takeOpening = useOnce(opening?.gameId === gameId ? opening.state : undefined);

  /** Sends `body`, or adopts `sent` (the same event, already on its way) in its place. */
  const run = useCallback(
    async (body: GameEventBody, sent?: Promise<PlayState>): Promise<PlayState | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      try {
        const next = await (sent ?? sendEvent(body));
        setState(next);
        setFailed(null);
        return next;
      } catch (error) {
        if (isApiError(error) && error.kind === 'status') {
          toast.error(error.desc);
          if (error.status === STALE_EVENT) {
            inFlight.current = false;
            return run({ type: 'start', game_id: gameId });
          }
        }
        if (body.type === 'start')
          setFailed(isApiError(error) && error.kind === 'status' ? error.status : 0);
        throw error;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [gameId],
  );

  const start = useCallback(
    async (chapterId?: number, restart?: boolean, sent?: Promise<PlayState>) => {
      const next = await run(
        {
          type: 'start',
          game_id: gameId,
          ...(chapterId ? { chapter_id: chapterId } : {}),
          ...(restart ? { restart } : {}),
        },
        sent,
      ).catch(() => null);
      // A story moved on by a conversation can end its chapter, which the chapter list marks.
      if (next?.chapter_ended) {
        void queryClient.invalidateQueries({ queryKey: ['game-resources', gameId] });
      }
      return next;
    },
    [gameId, run, queryClient],
  );

  const act = useCallback(
    async (action: PlayAction) => {
      if (!state) return null;
      const next = await run({ ...action, game_id: gameId, seq: state.seq } as StepEvent).catch(
        () => null,
      );
      if (next?.chapter_ended) {
        void queryClient.invalidateQueries({ queryKey: ['game-resources', gameId] });
      }
      return next;
    },
    [gameId, run, state, queryClient],
  );

  /** The player has read up to `line` of this step: the save keeps it for a reload. */
  const markSeen = useCallback(
    (line: number) => {
      if (!state) return;
      sendLineSeen({ game_id: gameId, seq: state.seq, line }).catch(() => {});
    },
    [gameId, state],
  );

  // Open (or resume) the game; again when the language changes, so the lines come back translated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: locale is the trigger, not an input.
  useEffect(() => {
    void start(undefined, undefined, takeOpening());
  }, [start, locale, takeOpening]);

  return { state, busy, failed, start, act, markSeen };
}
