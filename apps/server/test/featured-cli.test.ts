import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { featuredPins, games } from '../src/platform/db/schema/index.js';
import { createTestDatabase, migratedDataDir, tempDir, testDriver } from './support/database.js';
import { buildGame } from './support/factories.js';
import { entryArgs } from './support/server-process.js';

// `npm run featured` as an operator runs it: its own process, the server's database settings.
// PGlite admits one process at a time, so the test's own connection is closed while it runs.

let database: Database;
let env: Record<string, string>;
let reopen: () => Promise<Database>;

beforeAll(async () => {
  if (testDriver() === 'postgres') {
    const created = await createTestDatabase();
    database = created;
    env = { DATABASE_URL: created.url!, DATA_DIR: await tempDir() };
    reopen = async () => database;
  } else {
    const dataDir = await migratedDataDir();
    database = await openDatabase({ dataDir });
    env = { DATABASE_URL: '', DATA_DIR: dataDir };
    reopen = async () => {
      database = await openDatabase({ dataDir });
      return database;
    };
  }
});
afterAll(async () => {
  await database.close();
});

async function run(...args: string[]) {
  if (testDriver() === 'pglite') await database.close();
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [...entryArgs('src/cli/featured.ts'), ...args],
      { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  } finally {
    await reopen();
  }
}

const pinnedIds = async () =>
  (await database.db.select().from(featuredPins)).map((row) => row.gameId);

describe('the featured CLI', () => {
  it('pins a published story, shows it, refuses what cannot be featured, and clears', async () => {
    const story = await buildGame(database.db);
    const hidden = await buildGame(database.db, { publishedAt: null });

    const pinned = await run('pin', '--game', String(story.id));
    expect(pinned).toMatchObject({ code: 0 });
    expect(pinned.stdout).toMatch(new RegExp(`^Work ${story.id} pinned at .* \\(featured now\\)`));
    expect(await pinnedIds()).toEqual([story.id]);

    const refused = await run('pin', '--game', String(hidden.id));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('This work is not on the player site');
    const unknown = await run('pin', '--game', '999999');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No work has this id');
    expect(await pinnedIds()).toEqual([story.id]);

    await database.db.update(games).set({ publishedAt: null }).where(eq(games.id, story.id));
    expect((await run('show')).stdout).toContain('not in effect');

    expect(await run('clear')).toMatchObject({ code: 0 });
    expect(await pinnedIds()).toEqual([]);
    expect((await run('show')).stdout).toContain('No work is pinned');
    expect((await run('pin', '--game', 'twelve')).code).toBe(2);
  }, 60_000);
});
