import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import type { MinigameState } from '../../platform/db/schema/save-state.js';
import { AppError } from '../../platform/http/app-error.js';
import { localize } from '../games/index.js';

export const WORD_ATTEMPTS = 3;

interface MinigameContext {
  minigames: Record<string, MinigameSpec>;
  locale: string;
  random: () => number;
}

export class MinigameContentError extends Error {}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A shuffle that is never the solved order (when there is more than one way to order). */
function scramble<T>(items: T[], random: () => number, same: (a: T[]) => boolean): T[] {
  for (let attempt = 0; attempt < 20; attempt++) {
    const out = shuffle(items, random);
    if (!same(out)) return out;
  }
  return [...items].reverse();
}

function pieceId(random: () => number): string {
  return Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
}

export function startMinigame(
  kind: MinigameSpec['kind'],
  key: string,
  context: MinigameContext,
): MinigameState {
  const spec = context.minigames[key];
  if (!spec || spec.kind !== kind) throw new MinigameContentError(`no ${kind} mini-game "${key}"`);
  const random = context.random;
  switch (spec.kind) {
    case 'puzzle': {
      // Opaque ids: what the browser sees says nothing about the right order.
      const ids = spec.pieces.map(() => pieceId(random));
      const shown = scramble(
        ids.map((id, index) => ({ id, index })),
        random,
        (order) => order.every((p, i) => p.index === i),
      );
      return { kind: 'puzzle', key, pieces: shown, solution: ids, attempts: 0 };
    }
    case 'dice':
      return {
        kind: 'dice',
        key,
        opponent: spec.opponent,
        target: spec.target,
        player: 0,
        rival: 0,
        rolls: [],
      };
    case 'word': {
      const answer = localize(spec.answer, context.locale as Locale);
      const letters = Array.from(answer);
      const tiles = scramble(letters, random, (t) => t.join('') === answer);
      return {
        kind: 'word',
        key,
        locale: context.locale,
        tiles,
        answer,
        attemptsLeft: WORD_ATTEMPTS,
      };
    }
  }
}

export interface MoveResult {
  game: MinigameState;
  /** Set when the game is over. */
  won: boolean | null;
}

function invalid(): never {
  throw new AppError(STATUS.MOVE_INVALID);
}

function rollDie(random: () => number): number {
  return 1 + Math.floor(random() * 6);
}

/**
 * Judges one move. Only what the player may decide is read from `move` (slot order, a guess, the
 * wish to roll); dice values, results and scores sent by a client are never looked at.
 */
export function playMove(
  current: MinigameState,
  move: Record<string, unknown>,
  random: () => number,
): MoveResult {
  const game = structuredClone(current);
  switch (game.kind) {
    case 'puzzle': {
      const slots = move.slots;
      if (!Array.isArray(slots) || slots.length !== game.solution.length) invalid();
      if (slots.some((s) => s === null || s === undefined || s === '')) {
        throw new AppError(STATUS.PUZZLE_INCOMPLETE);
      }
      if (
        slots.some((s) => typeof s !== 'string' || !game.solution.includes(s)) ||
        new Set(slots).size !== slots.length
      ) {
        invalid();
      }
      if (slots.some((s, i) => s !== game.solution[i]))
        throw new AppError(STATUS.PUZZLE_WRONG_ORDER);
      game.attempts += 1;
      return { game, won: true };
    }
    case 'dice': {
      if (move.action !== 'roll') invalid();
      const roll = { player: rollDie(random), rival: rollDie(random) };
      game.rolls.push(roll);
      if (roll.player > roll.rival) game.player += 1;
      else if (roll.rival > roll.player) game.rival += 1;
      if (game.player >= game.target) return { game, won: true };
      if (game.rival >= game.target) return { game, won: false };
      return { game, won: null };
    }
    case 'word': {
      const guess = move.guess;
      if (typeof guess !== 'string' || guess.length === 0 || guess.length > 64) invalid();
      const normal = (s: string) => s.normalize('NFKC').trim().toLocaleLowerCase();
      if (normal(guess) === normal(game.answer)) return { game, won: true };
      game.attemptsLeft -= 1;
      game.misses = [...(game.misses ?? []), guess.trim()];
      return { game, won: game.attemptsLeft <= 0 ? false : null };
    }
  }
}
