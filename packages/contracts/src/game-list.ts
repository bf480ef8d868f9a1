// Plain values only: the browse page imports this file, so it must not pull in zod.

/**
 * How the game list can be ordered (docs/decisions/0030): newest first, most played, or the best
 * share of players who finish a chapter.
 */
export const GAME_LIST_SORTS = ['popular', 'new', 'rating'] as const;
export type GameListSort = (typeof GAME_LIST_SORTS)[number];
export const DEFAULT_GAME_LIST_SORT: GameListSort = 'popular';

/** Longest search text, in characters: a title or a tag, never a paragraph. */
export const GAME_LIST_SEARCH_MAX = 50;

/**
 * Where the next page starts: the sort it belongs to, the last game's sort key and its id.
 * Opaque to the browser, which only hands back what it was given.
 */
export type GameListCursor = { sort: GameListSort; key: number; id: number };

/** `sort_key_id`: short, safe in a URL as it is, and strictly read back. */
export function encodeGameListCursor(cursor: GameListCursor): string {
  return `${cursor.sort}_${cursor.key}_${cursor.id}`;
}

const CURSOR = /^(popular|new|rating)_(-?\d{1,16})_(\d{1,16})$/;

/** The cursor a page answer gave, or null for anything else (edited, truncated, made up). */
export function decodeGameListCursor(text: string): GameListCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const key = Number(match[2]);
  const id = Number(match[3]);
  if (!Number.isSafeInteger(key) || !Number.isSafeInteger(id) || id < 1) return null;
  return { sort: match[1] as GameListSort, key, id };
}
