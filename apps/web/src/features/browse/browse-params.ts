import { SCRIPT_TYPES, type ScriptType } from '@taleforge/contracts/constants';
import {
  DEFAULT_GAME_LIST_SORT,
  GAME_LIST_SEARCH_MAX,
  GAME_LIST_SORTS,
  type GameListSort,
} from '@taleforge/contracts/game-list';

/** What the browse page shows, kept in its URL so back, forward and a shared link restore it. */
export type BrowseParams = { type: ScriptType | null; sort: GameListSort; q: string };

export const DEFAULT_BROWSE: BrowseParams = { type: null, sort: DEFAULT_GAME_LIST_SORT, q: '' };

const isScriptType = (value: string | null): value is ScriptType =>
  SCRIPT_TYPES.includes(value as ScriptType);
const isSort = (value: string | null): value is GameListSort =>
  GAME_LIST_SORTS.includes(value as GameListSort);

/** A hand-edited or stale link falls back to the defaults instead of failing. */
export function readBrowseParams(search: URLSearchParams): BrowseParams {
  const type = search.get('type');
  const sort = search.get('sort');
  return {
    type: isScriptType(type) ? type : null,
    sort: isSort(sort) ? sort : DEFAULT_GAME_LIST_SORT,
    q: Array.from(search.get('q') ?? '')
      .slice(0, GAME_LIST_SEARCH_MAX)
      .join(''),
  };
}

/** Only what differs from the defaults, so the plain page is plain `/browse`. */
export function writeBrowseParams(params: BrowseParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.type) search.set('type', params.type);
  if (params.sort !== DEFAULT_GAME_LIST_SORT) search.set('sort', params.sort);
  if (params.q.trim()) search.set('q', params.q);
  return search;
}

export const isFiltered = (params: BrowseParams) => Boolean(params.type || params.q.trim());
