import { copyFile, readdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CALLS } from '@taleforge/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore, type MediaStore, sweepMedia } from '../src/modules/media/index.js';
import { STALE_TEMP_MS } from '../src/modules/media/local-media-store.js';
import { MEDIA_NAME_IN_TEXT, referencedMedia } from '../src/modules/media/media-references.js';
import { MEDIA_SWEEP_GRACE_MS } from '../src/modules/media/media-sweep.js';
import { api, call } from './support/http.js';
import { halvesPng, jpegWithGps } from './support/images.js';
import { signedIn, uploadAvatar } from './support/profiles.js';
import { type S3Server, startS3Server } from './support/s3-server.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';

// The sweep removes content-hash media no row names, once it is older than the grace period, on
// local files and in a bucket alike: replaced avatars go, anything a row still names stays, and
// so does a file an upload has just written (its row comes after it).

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const LEFT = { x: 0, y: 0, width: 200, height: 200 };
const RIGHT = { x: 200, y: 0, width: 200, height: 200 };
const nameOf = (address: string) => address.slice(address.lastIndexOf('/') + 1);

describe.each([
  ['local files', () => ({})],
  ['an S3-compatible bucket', () => s3.env],
])('the media sweep on %s', (_where, storeEnv) => {
  let server: TestServer;
  let store: MediaStore;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(storeEnv());
    store = createMediaStore(server.config);
  });
  afterAll(() => server.close());

  /** A sweep as the periodic job runs it; `later` looks from past every file's grace period. */
  const sweep = (options: { later?: boolean; dryRun?: boolean } = {}) =>
    sweepMedia(
      {
        db: server.database.db,
        media: store,
        now: () => new Date(Date.now() + (options.later ? 2 * MEDIA_SWEEP_GRACE_MS : 0)),
        log: {
          info: (_fields: unknown, line: string) => void logLines.push(line),
          error: (_fields: unknown, line: string) => void logLines.push(line),
        },
      },
      { dryRun: options.dryRun },
    );

  /** Sets a stored file's time into the past, as days of waiting would. */
  async function age(name: string, days: number) {
    const file = server.config.MEDIA_S3_BUCKET
      ? join(s3.directory, server.config.MEDIA_S3_BUCKET, `${name}._S3rver_object`)
      : join(server.config.DATA_DIR, 'media', name);
    const then = new Date(Date.now() - days * 24 * 3600 * 1000);
    await utimes(file, then, then);
  }

  const served = async (name: string) => (await fetch(server.url(`/media/${name}`))).status;

  /** Uploads the left or right half of the test picture; returns both sizes' names. */
  async function avatar(token: string, crop: typeof LEFT, width = 400) {
    const res = await uploadAvatar(server, token, await halvesPng(width, 200), crop);
    expect(res.status).toBe(200);
    const profile = await api(server, CALLS.profile, {
      query: { taleforge_id: res.data!.user_info_resp.taleforge_id },
    });
    return [nameOf(res.data!.avatar!), nameOf(profile.data!.avatar!)];
  }

  it("removes a replaced avatar's two files and keeps the current ones; a dry run only counts", async () => {
    const { token } = await signedIn(server);
    const first = await avatar(token, LEFT, 402);
    const current = await avatar(token, RIGHT, 402);
    expect(first).toHaveLength(2);
    expect(first.some((name) => current.includes(name))).toBe(false);

    const dry = await sweep({ later: true, dryRun: true });
    expect(dry.removed).toEqual(expect.arrayContaining(first));
    expect(logLines.at(-1)).toMatch(/media sweep: \d+ unreferenced files would be removed/);
    for (const name of first) expect(await served(name)).toBe(200);

    const done = await sweep({ later: true });
    expect(done.removed).toEqual(expect.arrayContaining(first));
    expect(done.removed.some((name) => current.includes(name))).toBe(false);
    expect(logLines.at(-1)).toMatch(/media sweep: removed \d+ unreferenced files/);
    for (const name of first) expect(await served(name)).toBe(404);
    for (const name of current) expect(await served(name)).toBe(200);
  });

  it('keeps a file two players share until both have replaced it', async () => {
    const one = await signedIn(server);
    const two = await signedIn(server);
    const shared = await avatar(one.token, LEFT, 404);
    expect(await avatar(two.token, LEFT, 404)).toEqual(shared);

    await avatar(one.token, RIGHT, 404);
    await sweep({ later: true });
    for (const name of shared) expect(await served(name)).toBe(200);

    await avatar(two.token, RIGHT, 404);
    const { removed } = await sweep({ later: true });
    expect(removed).toEqual(expect.arrayContaining(shared));
    for (const name of shared) expect(await served(name)).toBe(404);
  });

  it("keeps a work's published cover, its draft's new cover and a character's expression", async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token, 'Swept Lantern');
    const updated = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: {
        id: work.id,
        revision: work.revision,
        characters: [
          {
            key: 'mira',
            name: { en_US: 'Mira' },
            persona: {},
            greeting: {},
            face: {
              skin: '#f0d0b0',
              hair: '#222222',
              hairStyle: 'bun',
              eyes: '#334455',
              accent: '#aa3344',
            },
          },
        ],
        chapters: [{ title: { en_US: 'One' }, file: 'one.ink', price_gems: 0 }],
      },
    });
    expect(updated.status).toBe(200);
    await saveFile(server, token, work.id, 'one.ink', 'Hello. # speaker: mira\n-> END\n');
    const upload = (path: string, query: Record<string, unknown>, body: Buffer) =>
      call<{ cover_url?: string; characters?: { expressions: Record<string, string> }[] }>(
        server,
        path,
        { method: 'POST', token, query, headers: { 'content-type': 'image/png' }, body },
      );
    const expression = await upload(
      CALLS.studioExpressionUpload.path,
      { id: work.id, character: 'mira', expression: 'smile' },
      await halvesPng(406, 300),
    );
    const expressionName = nameOf(expression.data!.characters![0]!.expressions.smile!);
    const firstCover = nameOf(
      (await upload(CALLS.studioCoverUpload.path, { id: work.id }, await halvesPng(408, 300))).data!
        .cover_url!,
    );
    const published = await api(server, CALLS.studioPublish, { token, body: { id: work.id } });
    expect(published.status, published.desc).toBe(200);
    // The draft moves on to another cover; players keep the first until the next publish.
    const nextCover = nameOf(
      (await upload(CALLS.studioCoverUpload.path, { id: work.id }, await jpegWithGps(320, 240)))
        .data!.cover_url!,
    );
    expect(nextCover).not.toBe(firstCover);

    const { removed } = await sweep({ later: true });
    for (const name of [expressionName, firstCover, nextCover]) {
      expect(removed).not.toContain(name);
      expect(await served(name)).toBe(200);
    }
  });

  it('keeps a fresh unreferenced file, and an old one put again, until their grace has passed', async () => {
    const fresh = await store.put(Buffer.from(`RIFF fresh ${Math.random()}`), 'webp');
    const old = await store.put(Buffer.from(`RIFF old ${Math.random()}`), 'webp');
    await age(old, 3);
    expect((await sweep()).removed).toEqual([old]);
    expect(await store.size(old)).toBeNull();
    expect(await store.size(fresh)).not.toBeNull();

    // An upload of bytes stored long ago: the put renews the file before its row exists.
    const bytes = Buffer.from(`RIFF again ${Math.random()}`);
    const again = await store.put(bytes, 'webp');
    await age(again, 3);
    await store.put(bytes, 'webp');
    expect((await sweep()).removed).not.toContain(again);
    expect(
      await store.removeIfUntouchedSince(again, new Date(Date.now() - MEDIA_SWEEP_GRACE_MS)),
    ).toBe(false);
    expect(await store.size(again)).not.toBeNull();

    const { removed } = await sweep({ later: true });
    expect(removed).toEqual(expect.arrayContaining([fresh, again]));
  });

  it('leaves keys alone: a video folder is not content-hash media', async () => {
    await store.putAt('video/9041/poster.jpg', Buffer.from('a poster'));
    await sweep({ later: true });
    expect(await store.list('video/9041/')).toEqual(['video/9041/poster.jpg']);
  });

  it('misses no column: every media name in any text or JSON column is a reference it knows', async () => {
    const db = server.database.db;
    const columns = (await db.execute(sql`
      select table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'ARRAY', 'character varying')`)) as unknown as {
      rows: { table_name: string; column_name: string }[];
    };
    // One statement over every column: the schema's whole surface, as the sweep's list is not.
    const scans = columns.rows.map(
      ({ table_name, column_name }) =>
        sql`select (regexp_matches(${sql.identifier(column_name)}::text, ${MEDIA_NAME_IN_TEXT}, 'g'))[1] as name,
                   ${`${table_name}.${column_name}`}::text as place
              from ${sql.identifier(table_name)}`,
    );
    const result = (await db.execute(
      sql`select distinct name, place from (${sql.join(scans, sql` union all `)}) found`,
    )) as unknown as { rows: { name: string; place: string }[] };
    const found = result.rows;
    // The tests above stored avatars, covers and expressions: the scan has something to find.
    expect(found.length).toBeGreaterThan(4);
    const known = await referencedMedia(db);
    const missed = found.filter(({ name }) => !known.has(name));
    expect(missed).toEqual([]);
  });
});

describe('the media sweep on local files, when something is wrong', () => {
  // A server of its own: these tests count every file in its store.
  let server: TestServer;
  let store: MediaStore;
  const errors: { fields: object; line: string }[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    store = createMediaStore(server.config);
  });
  afterAll(() => server.close());

  const mediaDir = () => join(server.config.DATA_DIR, 'media');
  const sweep = () =>
    sweepMedia({
      db: server.database.db,
      media: store,
      now: () => new Date(),
      log: { info: () => {}, error: (fields, line) => void errors.push({ fields, line }) },
    });
  /** Unreferenced files, each put `days` ago. */
  async function orphans(count: number, days: number) {
    const then = new Date(Date.now() - days * 24 * 3600 * 1000);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = await store.put(Buffer.from(`RIFF orphan ${i} ${Math.random()}`), 'webp');
      await utimes(join(mediaDir(), name), then, then);
      names.push(name);
    }
    return names;
  }
  const present = async (names: string[]) =>
    (await Promise.all(names.map((name) => store.size(name)))).filter((size) => size !== null)
      .length;

  it('removes nothing when more than a quarter of the store (and more than 20 files) would go', async () => {
    const { token } = await signedIn(server);
    expect((await uploadAvatar(server, token, await halvesPng(410, 200), LEFT)).status).toBe(200);
    expect(await store.listNames()).toHaveLength(2);

    // 21 of 23 files unreferenced: what a database that is not this store's would make them.
    const many = await orphans(21, 3);
    const refused = await sweep();
    expect(refused).toEqual({ files: 23, removed: [], refused: true });
    expect(await present(many)).toBe(21);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.fields).toMatchObject({ files: 23, unreferenced: 21 });
    expect(errors[0]!.line).toMatch(/21 of 23 files are unreferenced/);
    expect(errors[0]!.line).toMatch(/database not this store's own/);
    expect(errors[0]!.line).toMatch(/bucket shared with another install/);

    // Twenty are not too many, however large a share of the store they are.
    await store.remove(many.pop()!);
    const twenty = await sweep();
    expect(twenty.refused).toBe(false);
    expect(twenty.removed.toSorted()).toEqual(many.toSorted());
    expect(await present(many)).toBe(0);

    // Nor 21 of 87: 64 fresh files (within their grace) make them less than a quarter.
    const fresh = await orphans(64, 0);
    const some = await orphans(21, 3);
    const quarter = await sweep();
    expect(quarter).toMatchObject({ files: 87, refused: false });
    expect(quarter.removed.toSorted()).toEqual(some.toSorted());
    expect(await present(fresh)).toBe(64);
    expect(errors).toHaveLength(1);
  });

  it('puts back a file a killed removal left aside, or drops the aside copy when the name is back', async () => {
    const bytes = Buffer.from(`RIFF aside ${Math.random()}`);
    const lost = await store.put(bytes, 'webp');
    const renewed = await store.put(Buffer.from(`RIFF renewed ${Math.random()}`), 'webp');
    // As removeIfUntouchedSince leaves them when its node dies between the move and the verdict.
    const lostAside = join(mediaDir(), `.${lost}.0123456789ab.sweep`);
    const renewedAside = join(mediaDir(), `.${renewed}.ba9876543210.sweep`);
    await rename(join(mediaDir(), lost), lostAside);
    await copyFile(join(mediaDir(), renewed), renewedAside);
    expect(await store.size(lost)).toBeNull();

    const listed = (await store.listNames()).map(({ name }) => name);
    expect(listed).toEqual(expect.arrayContaining([lost, renewed]));
    expect(await readFile(join(mediaDir(), lost))).toEqual(bytes);
    const left = (await readdir(mediaDir())).filter((entry) => entry.endsWith('.sweep'));
    expect(left).toEqual([]);
    const served = await fetch(server.url(`/media/${lost}`));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });

  it('drops the temp file of a write whose process died, and leaves one being written', async () => {
    const name = await store.put(Buffer.from(`RIFF temp ${Math.random()}`), 'webp');
    // As writeWhole leaves them: written aside under a random suffix, killed before the rename.
    const killed = join(mediaDir(), `.${name}.00112233aabb.tmp`);
    const writing = join(mediaDir(), `.${name}.ccddeeff0011.tmp`);
    await writeFile(killed, 'RIFF half');
    await writeFile(writing, 'RIFF half');
    const before = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    await utimes(killed, before, before);

    const listed = (await store.listNames()).map((entry) => entry.name);
    expect(listed).toContain(name);
    expect(listed.some((entry) => entry.endsWith('.tmp'))).toBe(false);
    const temps = (await readdir(mediaDir())).filter((entry) => entry.endsWith('.tmp'));
    expect(temps).toEqual([`.${name}.ccddeeff0011.tmp`]);
  });
});

describe('the media sweep as the server runs it', () => {
  it('runs every MEDIA_SWEEP_HOURS and removes what no row names', async () => {
    // About a second and a half between runs: the job as configured, not a call of our own.
    const server = await startTestServer({ MEDIA_SWEEP_HOURS: '0.0004' });
    try {
      const store = createMediaStore(server.config);
      const orphan = await store.put(Buffer.from(`RIFF orphan ${Math.random()}`), 'webp');
      server.clock.advance(2 * MEDIA_SWEEP_GRACE_MS);
      await expect.poll(() => store.size(orphan), { timeout: 10_000 }).toBeNull();
    } finally {
      await server.close();
    }
  });
});
