import { COMMENT_ORDERS, type CommentOrder } from '@taleforge/contracts/constants';
import { LRUCache } from 'lru-cache';
import type { CommentRow } from './comment-reads.js';
import { createViewerLikesCache } from './viewer-likes-cache.js';

/** What every viewer sees of a work's social state; the creator's id stays inside the server. */
export interface WorkCounts {
  gameId: number;
  creatorId: number;
  likeCount: number;
  commentCount: number;
}

/** A work's first page of top comments in one order, with nobody's likes (`liked` is false). */
export interface FirstPage {
  rows: CommentRow[];
  next: string | null;
}

type Entry = WorkCounts | FirstPage;

/**
 * Five seconds, like the catalogue (decision 5): what this process writes is dropped at once, so
 * the lifetime only bounds what it cannot see — another process's comments and likes, a changed
 * nickname or avatar, a work taken down — and a work page is read again within seconds.
 */
export const SOCIAL_READ_CACHE_MS = 5_000;
/** Three entries per work; a page of 20 comments of up to 500 characters is at most ~25 KB. */
const MAX_ENTRIES = 3_000;
const MAX_BYTES = 32 * 2 ** 20;

const sizeOf = (entry: Entry) =>
  'rows' in entry ? entry.rows.reduce((sum, row) => sum + 2 * (row.body.length + 100), 200) : 100;

const workKey = (gameId: number) => `w${gameId}`;
const pageKey = (gameId: number, order: CommentOrder) => `${order}${gameId}`;

/**
 * The work page's social reads, per process (decision 36, "Caching"): the part every viewer
 * shares, and each member's likes laid over it (`viewerLikes`). Every committed comment, reply,
 * deletion, comment like or work like drops its work's entries; a per-work generation, bumped by
 * each drop, keeps a read that began before a write and ends after it from storing what it saw.
 */
export function createSocialReadCache(now: () => Date) {
  const entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: sizeOf,
    ttl: SOCIAL_READ_CACHE_MS,
    perf: { now: () => now().getTime() },
    ttlResolution: 0,
  });
  /** One per work ever written here: the catalogue's size, not the traffic's. */
  const generations = new Map<number, number>();
  const filling = new Map<string, { generation: number; load: Promise<Entry | null> }>();
  const generationOf = (gameId: number) => generations.get(gameId) ?? 0;
  const viewerLikes = createViewerLikesCache({
    now,
    lifetimeMs: SOCIAL_READ_CACHE_MS,
    generationOf,
  });

  /** The entry, or one load of it shared by every miss of the same generation. */
  function through<T extends Entry>(
    gameId: number,
    key: string,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    const hit = entries.get(key);
    if (hit) return Promise.resolve(hit as T);
    const generation = generationOf(gameId);
    const pending = filling.get(key);
    if (pending?.generation === generation) return pending.load as Promise<T | null>;
    const loading = load().then((value) => {
      if (value !== null && generationOf(gameId) === generation) {
        entries.set(key, value);
      }
      return value;
    });
    const settled = loading.finally(() => {
      if (filling.get(key)?.load === settled) filling.delete(key);
    });
    filling.set(key, { generation, load: settled });
    return settled;
  }

  return {
    /** A published work's counts; a missing work is not kept, so publishing needs no drop. */
    counts: (gameId: number, load: () => Promise<WorkCounts | null>) =>
      through(gameId, workKey(gameId), load),

    firstPage: (gameId: number, order: CommentOrder, load: () => Promise<FirstPage>) =>
      through(gameId, pageKey(gameId, order), load) as Promise<FirstPage>,

    /** A member's likes, kept per member under the work's generation: a drop retires them too. */
    viewerLikes,

    /** Called after a change to the work's comments or likes committed (or failed). */
    drop(gameId: number): void {
      generations.set(gameId, (generations.get(gameId) ?? 0) + 1);
      entries.delete(workKey(gameId));
      for (const order of COMMENT_ORDERS) entries.delete(pageKey(gameId, order));
    },
  };
}

export type SocialReadCache = ReturnType<typeof createSocialReadCache>;

/**
 * Runs a write and drops the work it touched once it is over, committed or not: `touch` names
 * the work as soon as the transaction knows it.
 */
export async function droppingAfter<T>(
  cache: SocialReadCache,
  write: (touch: (gameId: number) => void) => Promise<T>,
): Promise<T> {
  let touched: number | null = null;
  try {
    return await write((gameId) => {
      touched = gameId;
    });
  } finally {
    if (touched !== null) cache.drop(touched);
  }
}
