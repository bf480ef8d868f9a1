import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { CONTENT_DIR } from '../src/modules/play/index.js';
import { seedDemoSeries } from '../src/modules/series/demo/seed.js';
import { createVideoService } from '../src/modules/video/index.js';
import { clips, episodes, videos } from '../src/platform/db/schema/index.js';
import { tempDir, testDriver } from './support/database.js';
import { startTestServer, type TestServer } from './support/server.js';
import { ffmpegBinaries } from './support/videos.js';

const text = (en: string) => ({ en_US: en, zh_CN: `${en}（中）`, ja_JP: `${en}（日）` });
const face = {
  skin: '#f1cfb4',
  hair: '#2a1b14',
  hairStyle: 'bun',
  eyes: '#3b5a7a',
  accent: '#2e4a6b',
};
const shot = (line: string) => ({
  scene: 'room',
  cast: [{ who: 'ana', expression: 'normal' }],
  lines: [text(line)],
});

/**
 * A small series of two episodes and a clip, scored with a demo game's theme: one spoken shot
 * each, after the opening shot every episode gets (the renders and transcodes are most of this
 * file's CPU; the look of a longer episode is render.test.ts's).
 */
async function tinyContent(): Promise<string> {
  const dir = await tempDir('demo-content-');
  await mkdir(path.join(dir, 'drama'));
  await mkdir(path.join(dir, 'theme-game', 'audio'), { recursive: true });
  await copyFile(
    path.join(CONTENT_DIR, 'second-chance-cafe', 'audio', 'theme.mp3'),
    path.join(dir, 'theme-game', 'audio', 'theme.mp3'),
  );
  const script = {
    slug: 'tiny-drama',
    title: text('Tiny Drama'),
    description: text('Two short episodes.'),
    scriptType: 'ROMANCE',
    tags: ['romance'],
    freeEpisodes: 1,
    prices: [10],
    music: 'theme-game',
    cover: { scene: 'room', who: ['ana'], expression: 'smile' },
    characters: { ana: { name: text('Ana'), face } },
    scenes: { room: { top: '#5a3a2c', bottom: '#1a0f0a', motif: 'rain' } },
    episodes: [
      { title: text('One'), shots: [shot('Hello.')] },
      { title: text('Two'), shots: [shot('For the last time.')] },
    ],
    clips: [{ title: text('Preview'), shots: [{ episode: 2, shot: 1 }] }],
  };
  await writeFile(path.join(dir, 'drama', 'tiny-drama.json'), JSON.stringify(script));
  return dir;
}

/**
 * The servers transcode at the cheapest preset, and the demo renders at half the frames (and that
 * preset): what is under test is the seeding, not x264.
 */
const FAST = { VIDEO_PRESET: 'ultrafast' };
const DRAFT = { fps: 12, preset: FAST.VIDEO_PRESET };

async function filesIn(dir: string) {
  const names = (await readdir(dir, { recursive: true })).sort();
  return Promise.all(names.map(async (name) => [name, (await stat(path.join(dir, name))).mtimeMs]));
}

// Rendering and its cache do not depend on the database, and take most of a minute: run on the
// embedded one only (the import's queries run on PostgreSQL in the video pipeline's own tests).
describe.skipIf(testDriver() !== 'pglite')(
  'seeding the demo series with their videos (rendering is database-blind: embedded only)',
  () => {
    const servers: TestServer[] = [];
    let contentDir: string;
    let cacheDir: string;
    /** The cache's files and their times once the first test has rendered everything. */
    let cached: (string | number)[][];
    beforeAll(async () => {
      contentDir = await tinyContent();
      cacheDir = await tempDir('demo-media-');
    });
    afterAll(() => Promise.all(servers.map((s) => s.close())));

    async function seedOn(server: TestServer, episodeLimit?: number) {
      const db = server.database.db;
      const media = createMediaStore(server.config);
      const ffmpeg = await ffmpegBinaries();
      // Imports only, as the server's start does: the test server's own service transcodes.
      const video = createVideoService({
        db,
        locks: server.database.locks,
        media,
        ffmpeg,
        logger: server.app.log,
      });
      return seedDemoSeries({
        db,
        media,
        video,
        contentDir,
        cacheDir,
        mediaBase: '/taleforge/media',
        ffmpeg: ffmpeg.ffmpeg,
        encoding: DRAFT,
        logger: server.app.log,
        now: new Date(),
        ...(episodeLimit && { episodeLimit }),
      });
    }

    it('imports every episode and clip once, and a restart imports and renders nothing again', async () => {
      const server = await startTestServer(FAST);
      servers.push(server);
      const db = server.database.db;
      const first = await seedOn(server);
      await first.videos;
      const rows = await db.select().from(episodes).where(inArray(episodes.gameId, first.gameIds));
      expect(rows).toHaveLength(2);
      const ids = rows.map((e) => e.videoId!);
      const [clip] = await db.select().from(clips).where(eq(clips.gameId, first.gameIds[0]!));
      expect(clip?.videoId).toBeTypeOf('number');
      for (const v of await db
        .select()
        .from(videos)
        .where(inArray(videos.id, [...ids, clip!.videoId]))) {
        expect(v.state).toBe('ready');
        expect(Object.keys(v.subtitles).sort()).toEqual(['en_US', 'ja_JP', 'zh_CN']);
        expect([v.width, v.height]).toEqual([720, 1280]);
      }
      cached = await filesIn(cacheDir);

      // A restart: nothing new is imported or rendered.
      const again = await seedOn(server);
      await again.videos;
      expect(again.gameIds).toEqual(first.gameIds);
      expect((await db.select({ n: count() }).from(videos))[0]!.n).toBe(3);
      expect((await db.select().from(episodes)).map((e) => e.videoId).sort()).toEqual(ids.sort());
      expect(await filesIn(cacheDir)).toEqual(cached);
    }, 600_000);

    // One server for both: each video it imports is transcoded again, the most of its CPU.
    it('a second server on its own database renders nothing, and with an episode limit only the first episodes (and the clips) get a video', async () => {
      const server = await startTestServer(FAST);
      servers.push(server);
      const db = server.database.db;
      await (await seedOn(server, 1)).videos;
      const rows = await db.select().from(episodes).orderBy(episodes.number);
      expect(rows.map((e) => [e.number, e.videoId !== null])).toEqual([
        [1, true],
        [2, false],
      ]);
      expect((await db.select().from(clips))[0]?.videoId).toBeTypeOf('number');
      expect((await db.select({ n: count() }).from(videos))[0]!.n).toBe(2);
      // Imported from the cache the first test filled, which is as it was: nothing rendered.
      expect(await filesIn(cacheDir)).toEqual(cached);
    }, 600_000);
  },
);
