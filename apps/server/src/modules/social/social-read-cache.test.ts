import { describe, expect, it } from 'vitest';
import {
  createSocialReadCache,
  SOCIAL_READ_CACHE_MS,
  type WorkCounts,
} from './social-read-cache.js';
import { VIEWER_LIKES_MAX_ENTRIES } from './viewer-likes-cache.js';

// The orderings an HTTP test cannot force: a read that began before a write and ends after it.

const counts = (likeCount: number): WorkCounts => ({
  gameId: 1,
  creatorId: 9,
  likeCount,
  commentCount: 0,
});

/** A load the test finishes when it wants, counting how often the cache asked. */
function gatedLoad(value: WorkCounts) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const load = Object.assign(
    async () => {
      load.calls += 1;
      await gate;
      return value;
    },
    { calls: 0, open: () => open() },
  );
  return load;
}

describe('the social read cache', () => {
  it('does not keep what a read saw before a write that ended while it was reading', async () => {
    const cache = createSocialReadCache(() => new Date(0));
    const before = gatedLoad(counts(1));
    const reading = cache.counts(1, before);
    cache.drop(1); // the write commits while the read is still out
    before.open();
    expect((await reading)?.likeCount).toBe(1); // that reader may see the old state
    const after = gatedLoad(counts(2));
    after.open();
    expect((await cache.counts(1, after))?.likeCount).toBe(2);
    expect(after.calls).toBe(1);
  });

  it('shares one load among the misses of a generation, and starts another after a drop', async () => {
    const cache = createSocialReadCache(() => new Date(0));
    const first = gatedLoad(counts(1));
    const a = cache.counts(1, first);
    const b = cache.counts(1, first);
    cache.drop(1);
    const second = gatedLoad(counts(2));
    const c = cache.counts(1, second);
    first.open();
    second.open();
    expect((await Promise.all([a, b, c])).map((w) => w?.likeCount)).toEqual([1, 1, 2]);
    expect([first.calls, second.calls]).toEqual([1, 1]);
    const never = gatedLoad(counts(3));
    expect((await cache.counts(1, never))?.likeCount).toBe(2);
    expect(never.calls).toBe(0);
  });

  it('drops only the written work, and forgets everything after its lifetime', async () => {
    let now = 1_000_000; // lru-cache takes a start time of 0 for "no lifetime"
    const cache = createSocialReadCache(() => new Date(now));
    const load = (likeCount: number) => async () => counts(likeCount);
    await cache.counts(1, load(1));
    await cache.counts(2, load(1));
    await cache.firstPage(1, 'new', async () => ({ rows: [], next: null }));
    cache.drop(2);
    expect((await cache.counts(1, load(5)))?.likeCount).toBe(1);
    expect((await cache.counts(2, load(5)))?.likeCount).toBe(5);
    now += SOCIAL_READ_CACHE_MS + 1;
    expect((await cache.counts(1, load(6)))?.likeCount).toBe(6);
  });

  it('keeps no missing work, so a work published later is found', async () => {
    const cache = createSocialReadCache(() => new Date(0));
    expect(await cache.counts(1, async () => null)).toBeNull();
    expect((await cache.counts(1, async () => counts(1)))?.likeCount).toBe(1);
  });
});

describe("the members' likes kept beside it", () => {
  const page = { rows: [], next: null };

  it('does not keep a lookup that a like on the work overtook', async () => {
    const cache = createSocialReadCache(() => new Date(0));
    let answer: (liked: boolean) => void = () => {};
    const reading = cache.viewerLikes.work(
      7,
      1,
      () => new Promise((resolve) => (answer = resolve)),
    );
    cache.drop(1); // the member's like commits while the lookup is still out
    answer(false);
    expect(await reading).toBe(false);
    expect(await cache.viewerLikes.work(7, 1, async () => true)).toBe(true);
    expect(await cache.viewerLikes.work(7, 1, async () => false)).toBe(true); // kept now
  });

  it('keeps page likes only for the page object they were looked up among', async () => {
    const cache = createSocialReadCache(() => new Date(0));
    const first = await cache.firstPage(1, 'new', async () => page);
    expect(await cache.viewerLikes.onPage(7, 1, 'new', first, async () => new Set([3]))).toEqual(
      new Set([3]),
    );
    expect(await cache.viewerLikes.onPage(7, 1, 'new', first, async () => new Set())).toEqual(
      new Set([3]),
    );
    const other = { rows: [], next: null };
    expect(await cache.viewerLikes.onPage(7, 1, 'new', other, async () => new Set([4]))).toEqual(
      new Set([4]),
    );
    expect(await cache.viewerLikes.onPage(8, 1, 'new', other, async () => new Set())).toEqual(
      new Set(),
    );
  });

  it(`holds at most ${VIEWER_LIKES_MAX_ENTRIES} members' entries, forgetting the least recent`, async () => {
    const cache = createSocialReadCache(() => new Date(0));
    let lookups = 0;
    const load = async () => {
      lookups += 1;
      return true;
    };
    for (let member = 0; member <= VIEWER_LIKES_MAX_ENTRIES; member += 1) {
      await cache.viewerLikes.work(member, 1, load);
    }
    expect(lookups).toBe(VIEWER_LIKES_MAX_ENTRIES + 1);
    await cache.viewerLikes.work(VIEWER_LIKES_MAX_ENTRIES, 1, load); // the newest is kept
    expect(lookups).toBe(VIEWER_LIKES_MAX_ENTRIES + 1);
    await cache.viewerLikes.work(0, 1, load); // the oldest was let go
    expect(lookups).toBe(VIEWER_LIKES_MAX_ENTRIES + 2);
  });
});
