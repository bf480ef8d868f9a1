import { LRUCache } from 'lru-cache';

/**
 * Enough for tens of thousands of members reading work pages within one lifetime; past it the
 * least recently read pair costs one lookup again, never a wrong answer.
 */
export const VIEWER_LIKES_MAX_ENTRIES = 50_000;
const MAX_BYTES = 8 * 2 ** 20;

interface Kept {
  /** The work's generation when the lookup began: any drop of the work retires the entry. */
  generation: number;
  /** The shared first page the ids were looked up among (null for the work's own like). */
  page: object | null;
  liked: ReadonlySet<number> | boolean;
}

// The key, the entry and its set: a rough count, enough to keep the cache's memory bounded.
const sizeOf = (kept: Kept) => 120 + (typeof kept.liked === 'boolean' ? 0 : 40 * kept.liked.size);

/**
 * What each member liked of a work's cached reads (decision 36, "Caching"): among a first page's
 * comments, and the work itself. It lives under the work's generation: every comment, like or
 * deletion on the work (the member's own included) drops the shared entries and with them every
 * member's, so a like shows in the liker's next read. Entries are per member, so nobody's likes
 * are laid over anybody else's page.
 */
export function createViewerLikesCache(options: {
  now: () => Date;
  lifetimeMs: number;
  generationOf: (gameId: number) => number;
}) {
  const { generationOf } = options;
  // Made on first use: it sets aside room for every entry it may hold as it is made (tens of
  // milliseconds at this size), which an app that never serves this read need not pay for.
  let made: LRUCache<string, Kept> | undefined;
  const kept = () =>
    (made ??= new LRUCache<string, Kept>({
      max: VIEWER_LIKES_MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: sizeOf,
      ttl: options.lifetimeMs,
      perf: { now: () => options.now().getTime() },
      ttlResolution: 0,
    }));

  async function remember<T extends Kept['liked']>(
    key: string,
    gameId: number,
    page: object | null,
    load: () => Promise<T>,
  ): Promise<T> {
    const generation = generationOf(gameId);
    const hit = kept().get(key);
    // The same page object, not only the same generation: a page reloaded after its lifetime
    // may hold other comments.
    if (hit && hit.generation === generation && hit.page === page) return hit.liked as T;
    const liked = await load();
    // A like that landed while the lookup was out bumped the generation: what it saw is not kept.
    if (generationOf(gameId) === generation) kept().set(key, { generation, page, liked });
    return liked;
  }

  return {
    /** The ids among `page` (the shared first page in `order`) that the member liked. */
    onPage: (
      viewerId: number,
      gameId: number,
      order: string,
      page: object,
      load: () => Promise<ReadonlySet<number>>,
    ) => remember(`${order}${viewerId}:${gameId}`, gameId, page, load),

    /** Whether the member liked the work. */
    work: (viewerId: number, gameId: number, load: () => Promise<boolean>) =>
      remember(`w${viewerId}:${gameId}`, gameId, null, load),
  };
}
