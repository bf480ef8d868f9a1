import { describe, expect, it } from 'vitest';
import type { SeriesScript } from './definition.js';
import { jobsInOrder } from './jobs.js';

/** A series of so many episodes and clips; the order only reads their counts and the slug. */
const series = (slug: string, gameId: number, episodes: number, clips: number) => ({
  gameId,
  script: {
    slug,
    episodes: Array.from({ length: episodes }, () => ({})),
    clips: Array.from({ length: clips }, () => ({})),
  } as unknown as SeriesScript,
});

const names = (jobs: ReturnType<typeof jobsInOrder>) =>
  jobs.map((j) => `${j.script.slug}:${j.kind}${j.number}`);

describe('the order the demo videos are made in', () => {
  const seeded = [series('a', 1, 3, 1), series('b', 2, 2, 2)];

  it("makes every series' first episode first, then the clips, then the next episodes", () => {
    expect(names(jobsInOrder(seeded))).toEqual([
      'a:episode1',
      'b:episode1',
      'a:clip1',
      'b:clip1',
      'b:clip2',
      'a:episode2',
      'b:episode2',
      'a:episode3',
    ]);
  });

  it("stops after each series' first episodes with an episode limit", () => {
    expect(names(jobsInOrder(seeded, { episodeLimit: 1 }))).toEqual([
      'a:episode1',
      'b:episode1',
      'a:clip1',
      'b:clip1',
      'b:clip2',
    ]);
  });

  it('makes only the first series’ videos with a series limit, clips included', () => {
    expect(names(jobsInOrder(seeded, { seriesLimit: 1, episodeLimit: 2 }))).toEqual([
      'a:episode1',
      'a:clip1',
      'a:episode2',
    ]);
    expect(jobsInOrder(seeded, { seriesLimit: 5 })).toEqual(jobsInOrder(seeded));
  });

  it('makes nothing when nothing is seeded', () => {
    expect(jobsInOrder([])).toEqual([]);
  });
});
