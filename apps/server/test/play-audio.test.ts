import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CALLS } from '@taleforge/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { CONTENT_DIR, seedDemoContent } from '../src/modules/play/demo-content.js';
import { publishGame } from '../src/modules/play/publish.js';
import { games } from '../src/platform/db/schema/index.js';
import { buildSession, buildUser } from './support/factories.js';
import { api } from './support/http.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { startTestServer, type TestServer } from './support/server.js';
import { storyGameDefinition } from './support/story-game.js';

// Everything here holds whichever store keeps the files: local disk, or an S3-compatible bucket
// (a server speaking S3 on loopback).
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe.each([
  ['local files', () => ({})],
  ['an S3-compatible bucket', () => s3.env],
])('game audio on %s', (_where, storeEnv) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(storeEnv());
    ({ token } = await buildSession(server.database.db));
  });
  afterAll(() => server.close());

  const media = () => createMediaStore(server.config);

  async function audioOf(gameId: number) {
    const res = await api(server, CALLS.resourceInfo, {
      token,
      query: { game_id: String(gameId) },
    });
    expect(res.status).toBe(200);
    return res.data!.audio;
  }

  /** A URL from resource/info is a path under the product base; fetch it from the test server. */
  const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, server.url('/')), { headers });

  describe('game audio', () => {
    it('lists each demo game theme in resource/info, served as MP3 with ranges and long caching', async () => {
      const db = server.database.db;
      const ids = await seedDemoContent(db, {
        artBase: '/taleforge/art',
        media: media(),
        now: new Date(),
        log: server.app.log,
      });
      const rows = await db.select().from(games).where(inArray(games.id, ids));
      expect(rows.length).toBeGreaterThanOrEqual(4);

      for (const game of rows) {
        const audio = await audioOf(game.id);
        expect(audio, game.slug).toEqual([
          {
            key: 'theme',
            kind: 'music',
            url: expect.stringMatching(/^\/taleforge\/media\/[0-9a-f]{32}\.mp3$/),
            loop: true,
          },
        ]);
        const file = await readFile(path.join(CONTENT_DIR, game.slug, 'audio', 'theme.mp3'));
        const url = audio[0]!.url;

        const whole = await fetchMedia(url);
        expect(whole.status).toBe(200);
        expect(whole.headers.get('content-type')).toBe('audio/mpeg');
        expect(whole.headers.get('accept-ranges')).toBe('bytes');
        expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

        const part = await fetchMedia(url, { range: 'bytes=0-99' });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes 0-99/${file.length}`);
        const bytes = Buffer.from(await part.arrayBuffer());
        expect(bytes.length).toBe(100);
        expect(bytes.equals(file.subarray(0, 100))).toBe(true);
      }

      // Seeding again names the same files.
      const again = await seedDemoContent(db, {
        artBase: '/taleforge/art',
        media: media(),
        now: new Date(),
        log: server.app.log,
      });
      expect(again).toEqual(ids);
      expect(await audioOf(ids[0]!)).toEqual(await audioOf(ids[0]!));
    });

    it('answers 404 for anything that is not a stored file', async () => {
      const missing = [
        `/media/${'0'.repeat(32)}.mp3`,
        '/media/theme.mp3',
        '/media/',
        '/media/..%2F..%2Fkeys',
      ];
      for (const p of missing) {
        const res = await fetch(server.url(p));
        expect(res.status, p).toBe(404);
        await res.arrayBuffer();
      }
    });

    it('gives a changed sound a new URL, keeps the old file, and drops a removed sound', async () => {
      const db = server.database.db;
      const creator = await buildUser(db);
      const options = {
        creatorId: creator.id,
        coverUrl: (id: number) => `/taleforge/art/cover/${id}.svg`,
        media: media(),
        now: new Date(),
      };
      const sound = (bytes: string) => ({
        key: 'theme',
        kind: 'music' as const,
        loop: true,
        bytes: Buffer.from(bytes),
        extension: 'mp3' as const,
      });
      const def = storyGameDefinition({ audio: [sound('first take')] });
      const gameId = await publishGame(db, def, options);
      const [first] = await audioOf(gameId);

      await publishGame(db, { ...def, audio: [sound('second take')] }, options);
      const [second] = await audioOf(gameId);
      expect(second!.url).not.toBe(first!.url);
      expect(await (await fetchMedia(second!.url)).text()).toBe('second take');
      // A page loaded before the update still plays what it was given.
      expect(await (await fetchMedia(first!.url)).text()).toBe('first take');

      await publishGame(db, { ...def, audio: [] }, options);
      expect(await audioOf(gameId)).toEqual([]);
    });

    it('refuses to publish sound without a media store, storing nothing', async () => {
      const db = server.database.db;
      const creator = await buildUser(db);
      const def = storyGameDefinition({
        audio: [
          { key: 'theme', kind: 'music', loop: true, bytes: Buffer.from('x'), extension: 'mp3' },
        ],
      });
      await expect(
        publishGame(db, def, { creatorId: creator.id, coverUrl: () => '', now: new Date() }),
      ).rejects.toThrow(/media store/);
      expect(await db.select().from(games).where(eq(games.slug, def.slug))).toEqual([]);
    });
  });
});
