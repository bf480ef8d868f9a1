import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CALLS } from '@taleforge/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { CONTENT_DIR } from '../src/modules/play/index.js';
import { seedDemoSeries } from '../src/modules/series/demo/seed.js';
import { createVideoService, DEMO_VIDEOS } from '../src/modules/video/index.js';
import { videos } from '../src/platform/db/schema/index.js';
import { tempDir, testDriver } from './support/database.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';

// A demo episode whose video cannot be made on this server says why, where it would play,
// instead of showing "preparing" for ever: no ffmpeg, one lacking a filter the renderer draws
// with, or a render that fails. The next start tries again with what it has then.

const text = (en: string) => ({ en_US: en, zh_CN: `${en}（中）`, ja_JP: `${en}（日）` });

/** A series of two one-shot episodes and a clip (the renders never get far here). */
async function tinyContent(): Promise<string> {
  const dir = await tempDir('demo-content-');
  await mkdir(path.join(dir, 'drama'));
  await mkdir(path.join(dir, 'theme-game', 'audio'), { recursive: true });
  await copyFile(
    path.join(CONTENT_DIR, 'second-chance-cafe', 'audio', 'theme.mp3'),
    path.join(dir, 'theme-game', 'audio', 'theme.mp3'),
  );
  const face = { skin: '#f1cfb4', hair: '#2a1b14', hairStyle: 'bun', eyes: '#3b5a7a' };
  const shot = (line: string) => ({
    scene: 'room',
    cast: [{ who: 'ana', expression: 'normal' }],
    lines: [text(line)],
  });
  const script = {
    slug: 'unmade-drama',
    title: text('Unmade Drama'),
    description: text('Two short episodes.'),
    scriptType: 'ROMANCE',
    tags: ['romance'],
    freeEpisodes: 2,
    prices: [10],
    music: 'theme-game',
    cover: { scene: 'room', who: ['ana'], expression: 'smile' },
    characters: { ana: { name: text('Ana'), face: { ...face, accent: '#2e4a6b' } } },
    scenes: { room: { top: '#5a3a2c', bottom: '#1a0f0a', motif: 'rain' } },
    episodes: [
      { title: text('One'), shots: [shot('Hello.')] },
      { title: text('Two'), shots: [shot('Goodbye.')] },
    ],
    clips: [{ title: text('Preview'), shots: [{ episode: 2, shot: 1 }] }],
  };
  await writeFile(path.join(dir, 'drama', 'unmade-drama.json'), JSON.stringify(script));
  return dir;
}

/**
 * An ffmpeg that lists the filters, encoders and formats the renderer needs but `without`, laid
 * out as ffmpeg lays them out, and fails every render with a last word of its own.
 */
async function fakeFfmpeg(without: string[]): Promise<string> {
  const dir = await tempDir('fake-ffmpeg-');
  const has = (names: readonly string[]) => names.filter((n) => !without.includes(n));
  const lists = {
    filters: has(DEMO_VIDEOS.filters).map((f) => ` T.. ${f.padEnd(16)} V->V       A filter.`),
    encoders: [' ------', ...has(DEMO_VIDEOS.encoders).map((e) => ` V..... ${e} An encoder.`)],
    muxers: [' --', ...has(DEMO_VIDEOS.muxers).map((m) => `  E ${m} A format.`)],
  };
  for (const [name, lines] of Object.entries(lists))
    await writeFile(path.join(dir, name), `${lines.join('\n')}\n`);
  const binary = path.join(dir, 'ffmpeg');
  await writeFile(
    binary,
    [
      '#!/bin/sh',
      'case "$2" in',
      `  -filters) cat "${dir}/filters";;`,
      `  -encoders) cat "${dir}/encoders";;`,
      `  -muxers) cat "${dir}/muxers";;`,
      `  *) echo "Error while opening ${dir}/.work-x1/scene-room.png: the disk broke" >&2; exit 1;;`,
      'esac',
      '',
    ].join('\n'),
  );
  await chmod(binary, 0o755);
  return binary;
}

describe.skipIf(testDriver() !== 'pglite')(
  'a demo video that cannot be made (database-blind: embedded only)',
  () => {
    let server: TestServer;
    let contentDir: string;
    let cacheDir: string;
    beforeAll(async () => {
      server = await startTestServer();
      contentDir = await tinyContent();
      cacheDir = await tempDir('demo-media-');
    });
    afterAll(() => server.close());

    async function seedWith(ffmpeg: string | null) {
      const media = createMediaStore(server.config);
      const video = createVideoService({
        db: server.database.db,
        locks: server.database.locks,
        media,
        logger: server.app.log,
      });
      const seeded = await seedDemoSeries({
        db: server.database.db,
        media,
        video,
        contentDir,
        cacheDir,
        mediaBase: '/taleforge/media',
        ffmpeg,
        encoding: { fps: 12, preset: 'ultrafast' },
        logger: server.app.log,
        now: new Date(),
      });
      await seeded.videos;
      const page = await api(server, CALLS.series, {
        query: { game_id: String(seeded.gameIds[0]) },
      });
      expect(page.status).toBe(200);
      return page.data!;
    }
    const failedRows = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(videos)
          .where(eq(videos.state, 'failed'))
      )[0]!.n;

    it('says what the ffmpeg lacks and how to fix it, on every episode, once', async () => {
      const lacking = await fakeFfmpeg(['geq', 'libx264']);
      const page = await seedWith(lacking);
      expect(page.episodes).toHaveLength(2);
      for (const episode of page.episodes) {
        expect(episode).toMatchObject({ ready: false, poster_url: null });
        expect(episode.video_error).toContain(`this server's ffmpeg (${lacking})`);
        expect(episode.video_error).toContain('lacks the filter geq and encoder libx264');
        expect(episode.video_error).toContain('set FFMPEG_PATH and FFPROBE_PATH');
      }
      // No clip shows: there is nothing to play.
      expect(page.clips).toEqual([]);
      // Two episodes and the clip; a restart with the same ffmpeg says the same, adding nothing.
      expect(await failedRows()).toBe(3);
      await seedWith(lacking);
      expect(await failedRows()).toBe(3);
    });

    it('says there is no ffmpeg when there is none', async () => {
      const page = await seedWith(null);
      for (const episode of page.episodes) {
        expect(episode.ready).toBe(false);
        expect(episode.video_error).toMatch(
          /^this server has no ffmpeg\. Install a current ffmpeg/,
        );
      }
    });

    it("gives ffmpeg's last words when a render fails, without our working folders", async () => {
      const page = await seedWith(await fakeFfmpeg([]));
      for (const episode of page.episodes) {
        expect(episode.ready).toBe(false);
        expect(episode.video_error).toMatch(
          /^the demo renderer's ffmpeg failed \(ffmpeg exited 1: Error while opening scene-room\.png: the disk broke\); .* the next start tries again$/,
        );
      }
    });
  },
);
