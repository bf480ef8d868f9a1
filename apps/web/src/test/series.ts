import type { EpisodeInfo, EpisodePlay, SeriesPage, VideoSource } from '@taleforge/contracts';

/** A playable video as the episode call answers it; override what a test is about. */
export function buildVideo(name: string, overrides: Partial<VideoSource> = {}): VideoSource {
  return {
    hls_url: `/media/${name}/master.m3u8?sig=s`,
    poster_url: `/media/${name}/poster.jpg`,
    thumbnails_url: null,
    subtitles: [
      { lang: 'en_US', url: `/media/${name}/en_US.vtt` },
      { lang: 'zh_CN', url: `/media/${name}/zh_CN.vtt` },
      { lang: 'ja_JP', url: `/media/${name}/ja_JP.vtt` },
    ],
    duration_ms: 40_000,
    expires_at: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildEpisode(number: number, overrides: Partial<EpisodeInfo> = {}): EpisodeInfo {
  return {
    id: 100 + number,
    number,
    title: `Part ${number}`,
    duration_ms: 40_000,
    price_gems: 0,
    unlocked: true,
    ready: true,
    video_error: null,
    poster_url: `/media/e${number}/poster.jpg`,
    position_ms: 0,
    completed: false,
    ...overrides,
  };
}

/** A series of six: three free, the rest 30 gems each and locked. */
export function buildSeriesPage(overrides: Partial<SeriesPage> = {}): SeriesPage {
  return {
    series: {
      game_id: 9,
      title: 'The Glass Heiress',
      description: 'A fortune, a fake name and a wedding in six days.',
      cover: '/media/series-9/cover.jpg',
      script_type: 'ROMANCE',
      tags: ['romance'],
      creator: { taleforge_id: 'u9', nick_name: 'Lin', avatar: null },
      free_episodes: 3,
      episode_count: 6,
      like_count: 12,
      comment_count: 3,
    },
    episodes: [1, 2, 3, 4, 5, 6].map((n) =>
      buildEpisode(n, n > 3 ? { price_gems: 30, unlocked: false } : {}),
    ),
    clips: [],
    resume: null,
    ...overrides,
  };
}

/** The episode call's answer for `episode`, in a series of `count`. */
export function buildEpisodePlay(episode: EpisodeInfo, count = 6): EpisodePlay {
  return {
    episode,
    game_id: 9,
    video: buildVideo(`e${episode.number}`),
    prev_episode_id: episode.number > 1 ? episode.id - 1 : null,
    next_episode_id: episode.number < count ? episode.id + 1 : null,
  };
}
