import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStore } from '../src/modules/media/index.js';
import { createVideoService, type VideoService } from '../src/modules/video/index.js';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { videos } from '../src/platform/db/schema/index.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './support/database.js';
import { buildGame } from './support/factories.js';
import { entryArgs } from './support/server-process.js';
import { ffmpegBinaries, makeTestVideo, quietLogger, segmentsOf } from './support/videos.js';

// A transcode whose process dies part-way (SIGKILL: no goodbye, ffmpeg killed with it) is taken
// up by the next process on the same database, and leaves one row and one set of outputs.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/**
 * On PostgreSQL the dead job is only known dead once it expires: short here, minutes in life, yet
 * longer than the retry's own transcode on a busy machine (an expiry cutting the retry short would
 * run it again). On the embedded database the next start knows the orphan at once.
 */
const EXPIRE_S = 30;

let database: Database | undefined;
let service: VideoService | undefined;
afterAll(async () => {
  await service?.stop();
  await database?.close();
});

/** `npm run media -- import` in a process of its own, killed with its ffmpeg once it has begun. */
async function importAndKill(env: Record<string, string>, file: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [...entryArgs('src/cli/media.ts'), 'import', file, '--series', 'demo', '--episode', '1'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        ...env,
        ...(testDriver() === 'postgres' ? { VIDEO_JOB_EXPIRE_SECONDS: String(EXPIRE_S) } : {}),
        // Slow enough that ffmpeg reports progress part-way (twice a second) on a quiet machine.
        VIDEO_PRESET: 'slow',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const closed = once(child, 'close');
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const videoId = await new Promise<number>((resolve, reject) => {
    let id = 0;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      id ||= Number(/video (\d+) queued/.exec(output)?.[1] ?? 0);
      const progress = [...output.matchAll(/progress (\d+)%/g)].map((m) => Number(m[1]));
      if (id && progress.some((p) => p > 0 && p < 90)) {
        // The whole group: the CLI and the ffmpeg it runs, as a power cut would.
        process.kill(-child.pid!, 'SIGKILL');
        resolve(id);
      }
    });
    child.on('close', () => reject(new Error(`the import ended before it was killed: ${output}`)));
  });
  await closed;
  return videoId;
}

/** Makes video services on one database and media store, as the nodes of one site would be. */
async function servicesOn(own: Database) {
  const media = createMediaStore(loadConfig({ DATA_DIR: await tempDir() }));
  return async () =>
    createVideoService({
      db: own.db,
      locks: own.locks,
      media,
      logger: quietLogger(),
      ffmpeg: await ffmpegBinaries(),
      options: {
        preset: 'ultrafast',
        pollingIntervalSeconds: 0.5,
        retryDelaySeconds: 1,
        workDir: await tempDir(),
      },
    });
}

describe('a transcode killed part-way', () => {
  it('is retried by the next process and leaves one result', { timeout: 120_000 }, async () => {
    const file = await makeTestVideo({ seconds: 9, width: 360, height: 640 });
    const dataDir = testDriver() === 'pglite' ? await migratedDataDir() : await tempDir();
    const shared = testDriver() === 'postgres' ? await createTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: shared?.url ?? '' };
    // The CLI imports into a series that exists (the embedded database is then left to it).
    const setup = shared ?? (await openDatabase({ dataDir, url: undefined }));
    await buildGame(setup.db, { kind: 'series', slug: 'demo' });
    if (!shared) await setup.close();
    const videoId = await importAndKill(env, file);

    const config = loadConfig(env);
    database = shared ?? (await openDatabase({ dataDir, url: undefined }));
    const interrupted = await database.db.select().from(videos);
    expect(interrupted).toHaveLength(1);
    expect(interrupted[0]).toMatchObject({ id: videoId, state: 'processing' });
    expect(interrupted[0]!.progress).toBeGreaterThan(0);

    const media = createMediaStore(config);
    service = createVideoService({
      db: database.db,
      locks: database.locks,
      media,
      logger: quietLogger(),
      ffmpeg: await ffmpegBinaries(),
      options: {
        preset: 'ultrafast',
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        retryDelaySeconds: 1,
        workDir: await tempDir(),
      },
    });
    await service.start();
    const row = await service.waitUntilReady(videoId, 90_000);

    expect(await database.db.select({ id: videos.id }).from(videos)).toEqual([{ id: videoId }]);
    expect(Math.abs(row.durationMs - 9000)).toBeLessThan(150);
    // Exactly the files of one result: what the playlists name, the stills and the source.
    const expected = [
      `video/${videoId}/source`,
      ...['master.m3u8', 'poster.jpg', 'thumbs.jpg', 'thumbs.vtt'].map(
        (f) => `video/${videoId}/${f}`,
      ),
    ];
    for (const rendition of row.renditions) {
      const stream = await media.read(`video/${videoId}/${rendition.playlist}`);
      const playlist = Buffer.concat(await stream!.toArray()).toString();
      const dir = rendition.playlist.slice(0, rendition.playlist.lastIndexOf('/') + 1);
      expected.push(`video/${videoId}/${rendition.playlist}`);
      for (const segment of segmentsOf(playlist))
        expected.push(`video/${videoId}/${dir}${segment.uri}`);
    }
    expect((await media.list(`video/${videoId}/`)).sort()).toEqual(expected.sort());
    // One job, finished once, after at least one retry (marked done just after the video).
    const { db } = database;
    await vi.waitFor(
      async () => {
        const jobs = await db.execute(
          sql`select state, retry_count from pgboss.job where data->>'videoId' = ${String(videoId)}`,
        );
        const [job, ...others] = (
          jobs as unknown as { rows: { state: string; retry_count: number }[] }
        ).rows;
        expect(others).toEqual([]);
        expect(job?.state).toBe('completed');
        expect(job?.retry_count).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('is cut short by a stopping server and finished by the next one', {
    timeout: 120_000,
  }, async () => {
    const own = await createTestDatabase();
    const make = await servicesOn(own);
    try {
      const first = await make();
      await first.start();
      const { videoId } = await first.importVideo({ path: await makeTestVideo({ seconds: 9 }) });
      await vi.waitFor(
        async () => expect((await first.get(videoId))!.progress).toBeGreaterThan(0),
        { timeout: 60_000, interval: 50 },
      );
      const stopping = Date.now();
      await first.stop();
      // ffmpeg is killed, not waited for.
      expect(Date.now() - stopping).toBeLessThan(5_000);
      expect((await first.get(videoId))!.state).not.toBe('ready');

      const second = await make();
      await second.start();
      const row = await second.waitUntilReady(videoId, 90_000);
      await second.stop();
      // A 360x640 source: its one rendition, finished by the second service.
      expect(row.renditions.map((r) => r.playlist)).toEqual(['360p/index.m3u8']);
      expect(await own.db.select({ id: videos.id }).from(videos)).toEqual([{ id: videoId }]);
    } finally {
      await own.close();
    }
  });

  it('is not taken for an orphan by a second service starting in the same process', {
    timeout: 120_000,
  }, async () => {
    const own = await createTestDatabase();
    const make = await servicesOn(own);
    const [first, second] = [await make(), await make()];
    try {
      await first.start();
      const { videoId } = await first.importVideo({ path: await makeTestVideo({ seconds: 6 }) });
      await vi.waitFor(
        async () => expect((await first.get(videoId))!.progress).toBeGreaterThan(0),
        { timeout: 60_000, interval: 50 },
      );
      await second.start();
      await first.waitUntilReady(videoId, 90_000);
      // The queue marks the job done just after the handler has marked the video ready.
      await vi.waitFor(
        async () => {
          const jobs = await own.db.execute(
            sql`select state, retry_count from pgboss.job where data->>'videoId' = ${String(videoId)}`,
          );
          expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([
            { state: 'completed', retry_count: 0 },
          ]);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await first.stop();
      await second.stop();
      await own.close();
    }
  });
});
