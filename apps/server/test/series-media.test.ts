import { CALLS, type VideoSource } from '@taleforge/contracts';
import { SERIES_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachEpisodeVideo } from '../src/modules/series/index.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { buildSeries, buildVideo, giveGems, unlockEpisode } from './support/series.js';
import { startTestServer, type TestServer } from './support/server.js';

// An episode's HLS files through the real server: signed addresses for what the viewer may
// play, and nothing for anyone else, however the address is forged, aged or bent.

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({ WALLET_JOB_INTERVAL_MS: '3600000' });
  origin = new URL(server.url('/')).origin;
});
afterAll(() => server.close());

const play = (episodeId: number, token?: string) =>
  api(server, CALLS.episodePlay, {
    query: { episode_id: String(episodeId) },
    ...(token ? { token } : {}),
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, origin), { headers });

/** The token part of a signed address: `/…/media/v/{id}/{token}/{file}`. */
const parts = (url: string) => {
  const match = /\/media\/v\/(\d+)\/([^/]+)\/(.+)$/.exec(url)!;
  return { videoId: match[1]!, token: match[2]!, file: match[3]!, base: url.slice(0, match.index) };
};

async function playable(video: VideoSource) {
  const master = await get(video.hls_url);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  expect(master.headers.get('cache-control')).toBe('private, max-age=60');
  const rendition = new URL((await master.text()).trim().split('\n').at(-1)!, master.url);
  const playlist = await get(rendition.toString());
  expect(playlist.status).toBe(200);
  const segments = (await playlist.text()).split('\n').filter((l) => l.endsWith('.ts'));
  expect(segments).toEqual(['seg_00001.ts', 'seg_00002.ts']);
  return new URL(segments[0]!, playlist.url).toString();
}

describe('playing an episode', () => {
  it('gives a free episode signed addresses that serve its playlists, segments, poster, thumbnails and subtitles', async () => {
    const { episodeIds } = await buildSeries(server);
    const res = await play(episodeIds[0]!);
    expect(res.status).toBe(200);
    const video = res.data!.video;
    expect(video).toMatchObject({ duration_ms: 4000, subtitles: [{ lang: 'en_US' }] });
    const ttl = new Date(video.expires_at).getTime() - server.clock.now.getTime();
    expect(ttl).toBeGreaterThanOrEqual(SERIES_LIMITS.signedUrlSeconds * 1000);
    expect(ttl).toBeLessThanOrEqual((SERIES_LIMITS.signedUrlSeconds + 3600) * 1000);
    expect(res.data).toMatchObject({ prev_episode_id: null, next_episode_id: episodeIds[1] });

    const segment = await get(await playable(video));
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(segment.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(bytes[0]).toBe(0x47); // an MPEG-TS packet's sync byte

    const poster = await get(video.poster_url);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    const subtitles = await get(video.subtitles[0]!.url);
    expect(subtitles.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await subtitles.text()).toContain('Hello.');
    const track = await get(video.thumbnails_url!);
    const sprite = (await track.text()).match(/(thumbs\.jpg)#xywh/)![1]!;
    expect((await get(new URL(sprite, track.url).toString())).status).toBe(200);
  });

  it('answers byte ranges: 206 with Content-Range, 416 past the end, the whole file for an If-Range, HEAD without a body', async () => {
    const { episodeIds } = await buildSeries(server, { episodes: 1 });
    const url = await playable((await play(episodeIds[0]!)).data!.video);
    const whole = Buffer.from(await (await get(url)).arrayBuffer());

    const part = await get(url, { range: 'bytes=100-299' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-299/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 300));
    const tail = await get(url, { range: 'bytes=-188' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 188));

    const beyond = await get(url, { range: `bytes=${whole.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);

    // No validator to compare an If-Range with: the whole file, never a range of changed bytes.
    const conditional = await get(url, { range: 'bytes=0-9', 'if-range': '"anything"' });
    expect(conditional.status).toBe(200);
    expect((await conditional.arrayBuffer()).byteLength).toBe(whole.length);
    const head = await fetch(new URL(url, origin), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(whole.length));
    expect(await head.text()).toBe('');
  });

  it('refuses a locked episode (6303) and signs nothing for it; unknown 6302; not ready 6304', async () => {
    const { episodeIds } = await buildSeries(server);
    const viewer = await signedIn(server);
    for (const token of [undefined, viewer.token]) {
      for (const lang of ['en_US', 'zh_CN', 'ja_JP']) {
        const res = await api(server, CALLS.episodePlay, {
          query: { episode_id: String(episodeIds[2]!) },
          lang,
          ...(token ? { token } : {}),
        });
        expect(res).toMatchObject({ http: 200, status: STATUS.EPISODE_LOCKED, data: null });
        expect(res.desc).not.toBe('');
      }
    }
    expect((await play(987_654_321)).status).toBe(STATUS.EPISODE_NOT_FOUND);

    const { game } = await buildSeries(server, { episodes: 0, clip: false });
    const waiting = await attachEpisodeVideo(server.database.db, {
      gameId: game.id,
      number: 1,
      videoId: await buildVideo(server, 'processing'),
    });
    expect((await play(waiting.episodeId)).status).toBe(STATUS.EPISODE_NOT_READY);
  });

  it("refuses a locked episode's files without a valid signature, and serves them once it is bought", async () => {
    const { game, episodeIds } = await buildSeries(server, { price: 40 });
    const free = (await play(episodeIds[0]!)).data!.video;
    const page = await api(server, CALLS.series, { query: { game_id: String(game.id) } });
    const lockedInfo = page.data!.episodes[2]!;
    expect(lockedInfo).toMatchObject({ unlocked: false, ready: true, price_gems: 40 });
    // The list shows a locked episode's poster: an address for that one file only.
    const poster = parts(lockedInfo.poster_url!);
    expect((await get(lockedInfo.poster_url!)).status).toBe(200);

    const { base, token } = parts(free.hls_url);
    const lockedVideo = poster.videoId;
    const attempts = [
      `${base}/media/v/${lockedVideo}/${token}/master.m3u8`, // another video's grant
      `${base}/media/v/${lockedVideo}/${poster.token}/master.m3u8`, // the poster's grant
      `${base}/media/v/${lockedVideo}/${poster.token}/360p/seg_00001.ts`,
      `${base}/media/v/${lockedVideo}/a9999999999-AAAAAAAAAAAAAAAAAAAAAA/master.m3u8`, // forged
      `${base}/media/v/${lockedVideo}/${token.slice(0, -1)}B/master.m3u8`,
      `${base}/media/v/${lockedVideo}/${token.replace(/^a\d+/, 'a9999999999')}/master.m3u8`,
      `${base}/media/v/${lockedVideo}/master.m3u8`,
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.status);
      expect(res.headers.get('content-type') ?? '', url).not.toMatch(/mpegurl|mp2t/);
    }

    const viewer = await signedIn(server);
    await giveGems(server, viewer.user.id, 100);
    const bought = await unlockEpisode(server, viewer.token, game.id, lockedInfo.id);
    expect(bought).toMatchObject({
      status: 200,
      data: { already_unlocked: false, price: 40, gem_balance: 60 },
    });
    const unlocked = await play(lockedInfo.id, viewer.token);
    expect(unlocked.data!.episode).toMatchObject({ unlocked: true, price_gems: 40 });
    expect((await get(await playable(unlocked.data!.video))).status).toBe(200);
    // Still nothing for someone else.
    expect((await play(lockedInfo.id)).status).toBe(STATUS.EPISODE_LOCKED);
  });

  it('stops serving an address once it expires', async () => {
    const { episodeIds } = await buildSeries(server, { episodes: 1 });
    const video = (await play(episodeIds[0]!)).data!.video;
    expect((await get(video.hls_url)).status).toBe(200);
    const left = new Date(video.expires_at).getTime() - server.clock.now.getTime();
    server.clock.advance(left + 1_000);
    try {
      expect((await get(video.hls_url)).status).toBe(403);
      expect((await get(video.poster_url)).status).toBe(403);
      const fresh = (await play(episodeIds[0]!)).data!.video;
      expect(fresh.hls_url).not.toBe(video.hls_url);
      expect((await get(fresh.hls_url)).status).toBe(200);
    } finally {
      server.clock.advance(-(left + 1_000));
    }
  });

  it("never reads outside the video's folder, however the path is spelled", async () => {
    const { episodeIds } = await buildSeries(server, { episodes: 1 });
    const video = (await play(episodeIds[0]!)).data!.video;
    const { base, videoId, token } = parts(video.hls_url);
    const other = await buildVideo(server);
    const at = `${base}/media/v/${videoId}/${token}`;
    const spellings = [
      `../${other}/master.m3u8`,
      `..%2f${other}%2fmaster.m3u8`,
      `%2e%2e/${other}/master.m3u8`,
      `%2e%2e%2f%2e%2e%2f${other}%2fmaster.m3u8`,
      `360p/../../${other}/master.m3u8`,
      `360p%5c..%5c..%5c${other}%5cmaster.m3u8`,
      `360p/seg_00001.ts%00.jpg`,
      `.hidden.m3u8`,
      `360p/index.exe`,
      `360p//seg_00001.ts`,
    ];
    const straight = await server.app.inject({
      method: 'GET',
      url: `${new URL(at, origin).pathname}/360p/seg_00001.ts`,
    });
    expect(straight.statusCode).toBe(200);
    for (const spelling of spellings) {
      // Sent as written: fetch would resolve the dot segments itself.
      const res = await server.app.inject({
        method: 'GET',
        url: `${new URL(at, origin).pathname}/${spelling}`,
      });
      expect([403, 404], spelling).toContain(res.statusCode);
      expect(res.headers['content-type'] ?? '', spelling).not.toMatch(/mpegurl|mp2t/);
    }
  });
});
