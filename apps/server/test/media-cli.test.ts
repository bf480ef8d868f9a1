import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { episodes, videos } from '../src/platform/db/schema/index.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './support/database.js';
import { buildGame } from './support/factories.js';
import { entryArgs } from './support/server-process.js';
import { makeTestVideo } from './support/videos.js';

// `npm run media -- import`, run as an operator runs it: the video becomes the series' episode.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

let open: Database | undefined;
afterAll(() => open?.close());

/** A database the CLI can open: on the embedded one, closed again before the CLI runs. */
async function withSeries(slug: string) {
  const dataDir = testDriver() === 'pglite' ? await migratedDataDir() : await tempDir();
  const shared = testDriver() === 'postgres' ? await createTestDatabase() : undefined;
  const setup = shared ?? (await openDatabase({ dataDir, url: undefined }));
  const game = await buildGame(setup.db, { kind: 'series', slug });
  if (!shared) await setup.close();
  return {
    gameId: game.id,
    env: { DATA_DIR: dataDir, DATABASE_URL: shared?.url ?? '' },
    shared,
  };
}

function media(env: Record<string, string>, args: string[]) {
  return run(process.execPath, [...entryArgs('src/cli/media.ts'), 'import', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent', VIDEO_PRESET: 'ultrafast' },
  });
}

describe('npm run media -- import', () => {
  it('transcodes the file and makes it the series’ episode, named by slug', {
    timeout: 120_000,
  }, async () => {
    const { gameId, env, shared } = await withSeries('cli-series');
    const file = await makeTestVideo({ seconds: 2, width: 360, height: 640 });
    const { stdout } = await media(env, [
      file,
      '--series',
      'cli-series',
      '--episode',
      '2',
      '--title',
      'The Call',
    ]);
    const videoId = Number(/video (\d+) ready: series cli-series, episode 2/.exec(stdout)?.[1]);
    expect(videoId).toBeGreaterThan(0);

    open = shared ?? (await openDatabase({ dataDir: env.DATA_DIR, url: undefined }));
    const [episode] = await open.db.select().from(episodes).where(eq(episodes.gameId, gameId));
    expect(episode).toMatchObject({ number: 2, videoId, title: { en_US: 'The Call' } });
    const [video] = await open.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video?.state).toBe('ready');
  });

  it('refuses a series that does not exist before storing anything', {
    timeout: 60_000,
  }, async () => {
    const { env, shared } = await withSeries('cli-other');
    const file = await makeTestVideo({ seconds: 1, width: 360, height: 640 });
    const failed = await media(env, [file, '--series', 'no-such-series', '--episode', '1']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no series no-such-series'),
    });
    const db = shared ?? (await openDatabase({ dataDir: env.DATA_DIR, url: undefined }));
    expect(await db.db.select().from(videos)).toEqual([]);
    await db.close();
  });
});
