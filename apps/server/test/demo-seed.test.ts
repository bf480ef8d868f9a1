import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOnStart } from '../src/demo-seed.js';
import { createMediaStore } from '../src/modules/media/index.js';
import { CONTENT_DIR } from '../src/modules/play/index.js';
import { tempDir } from './support/database.js';
import { startTestServer, type TestServer } from './support/server.js';

// A restart on existing data must not pay for the demo again: the seed runs when its inputs
// changed since the last one that finished, and only then.
describe('seeding the demo at start', () => {
  let server: TestServer;
  let contentDir: string;
  const seeds: unknown[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    contentDir = path.join(await tempDir(), 'content');
    await cp(CONTENT_DIR, contentDir, { recursive: true });
  });
  afterAll(() => server.close());

  const start = () =>
    seedDemoOnStart({
      db: server.database.db,
      media: createMediaStore(server.config),
      prefix: '/taleforge',
      contentDir,
      log: { info: (fields: unknown) => seeds.push(fields), error: () => {} },
    });

  it('seeds once, finds the same series on the next start, and seeds again after an edit', async () => {
    const first = await start();
    expect(seeds).toHaveLength(1);
    expect(first.length).toBeGreaterThanOrEqual(2);

    const [series] = first;
    const second = await start();
    expect(seeds).toHaveLength(1);
    expect(second.map((s) => s.gameId)).toEqual(first.map((s) => s.gameId));
    expect(second.map((s) => s.script.slug)).toEqual(first.map((s) => s.script.slug));

    // An edit to one story's file counts as new content: the seed runs again.
    const story = path.join(contentDir, 'drama', `${series!.script.slug}.json`);
    await writeFile(story, `${await readFile(story, 'utf8')}\n`);
    const third = await start();
    expect(seeds).toHaveLength(2);
    expect(third.map((s) => s.gameId)).toEqual(first.map((s) => s.gameId));
  });
});
