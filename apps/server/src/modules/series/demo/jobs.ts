import type { SeriesScript } from './definition.js';
import type { SeededSeries } from './seed-rows.js';

/** One video the demo seed makes: an episode, or a clip cut from a series' shots. */
export type Job = {
  script: SeriesScript;
  gameId: number;
  kind: 'episode' | 'clip';
  number: number;
};

export interface JobLimits {
  /** DEMO_VIDEO_EPISODES: only each series' first so many episodes get a video; unset, all. */
  episodeLimit?: number;
  /** DEMO_VIDEO_SERIES: only the first so many series (in seeding order) get videos; unset, all. */
  seriesLimit?: number;
}

/** Every series' first episode first, so something is playable soonest; clips after episode 1. */
export function jobsInOrder(seeded: SeededSeries[], limits: JobLimits = {}): Job[] {
  const chosen = seeded.slice(0, limits.seriesLimit ?? seeded.length);
  const longest = Math.max(0, ...chosen.map((s) => s.script.episodes.length));
  const most = Math.min(limits.episodeLimit ?? longest, longest);
  const jobs: Job[] = [];
  for (let number = 1; number <= most; number++) {
    for (const { script, gameId } of chosen)
      if (number <= script.episodes.length) jobs.push({ script, gameId, kind: 'episode', number });
    if (number === 1)
      for (const { script, gameId } of chosen)
        for (const c of script.clips.keys())
          jobs.push({ script, gameId, kind: 'clip', number: c + 1 });
  }
  return jobs;
}
