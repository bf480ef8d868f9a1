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

const toBase64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeGameListCursor(cursor: GameListCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.key, cursor.id]));
}

const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** The cursor a page answer gave, or null for anything else (edited, truncated, another sort's). */
export function decodeGameListCursor(text: string): GameListCursor | null {
  if (!/^[\w-]{1,200}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [sort, key, id] = value as unknown[];
  if (!GAME_LIST_SORTS.includes(sort as GameListSort)) return null;
  if (!isSafeInteger(key) || !isSafeInteger(id) || id < 1) return null;
  return { sort: sort as GameListSort, key, id };
}
