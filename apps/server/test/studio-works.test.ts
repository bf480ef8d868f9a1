import { CALLS, STATUS } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { createStoryProcesses } from '../src/modules/play/index.js';
import { createStudioService } from '../src/modules/studio/index.js';
import { studioWorks } from '../src/platform/db/schema/index.js';
import { api, apiRaw } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';

// Works and files through the real HTTP layer: only the owner sees or changes a work, a visitor
// is told to log in, and every refusal leaves the work exactly as it was.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getWork = (token: string, id: number) =>
  api(server, CALLS.studioWork, { token, query: { id } });

const face = {
  skin: '#f0d0b0',
  hair: '#222222',
  hairStyle: 'short',
  eyes: '#334455',
  accent: '#aa3344',
} as const;
const character = (key: string) => ({
  key,
  name: { en_US: key },
  persona: { en_US: `${key} keeps the lighthouse` },
  greeting: { en_US: 'Hello' },
  face,
});

describe('works', () => {
  it('are created, listed, read and changed by their owner, each change a new revision', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token, 'Harbour Lights');
    expect(work).toMatchObject({
      state: 'draft',
      revision: 0,
      game_id: null,
      files: [],
      chapters: [],
    });

    const list = await api(server, CALLS.studioWorks, { token });
    expect(list.data!.works.map((w) => w.id)).toEqual([work.id]);

    const updated = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: {
        id: work.id,
        revision: 0,
        description: { zh_CN: '港口' },
        tags: ['sea'],
        characters: [character('mira')],
        chapters: [{ title: { en_US: 'One' }, file: 'one.ink', price_gems: 0 }],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      revision: 1,
      tags: ['sea'],
      description: { zh_CN: '港口' },
    });
    expect(updated.data!.characters[0]).toMatchObject({ key: 'mira', expressions: {}, chat: null });
    expect((await getWork(token, work.id)).data).toEqual(updated.data);
  });

  it('refuses an update on an old revision (6511) and changes nothing', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    await api(server, CALLS.studioWorkUpdate, {
      token,
      body: { id: work.id, revision: 0, tags: ['a'] },
    });
    const stale = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: { id: work.id, revision: 0, tags: ['b'] },
    });
    expect(stale.status).toBe(STATUS.STUDIO_REVISION_CONFLICT);
    expect((await getWork(token, work.id)).data).toMatchObject({ revision: 1, tags: ['a'] });
  });

  it('lets exactly one of 20 concurrent updates on the same revision win', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(server, CALLS.studioWorkUpdate, {
          token,
          body: { id: work.id, revision: 0, tags: [`t${i}`] },
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === STATUS.STUDIO_REVISION_CONFLICT)).toHaveLength(19);
    const now = (await getWork(token, work.id)).data!;
    expect(now.revision).toBe(1);
    expect(now.tags).toEqual(winners[0]!.data!.tags);
  });

  it('refuses two characters with one key (6516), naming the key', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const res = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: { id: work.id, revision: 0, characters: [character('mira'), character('mira')] },
    });
    expect(res.status).toBe(STATUS.STUDIO_DUPLICATE_KEY);
    expect(res.desc).toContain('mira');
    expect((await getWork(token, work.id)).data).toMatchObject({ revision: 0, characters: [] });
  });

  it('are the owner’s only: another account gets 6501 for reading, changing or deleting', async () => {
    const owner = await signedIn(server);
    const other = await signedIn(server);
    const work = await createWork(server, owner.token);
    await saveFile(server, owner.token, work.id, 'one.ink', 'Hello.\n');
    const calls = [
      getWork(other.token, work.id),
      api(server, CALLS.studioWorkUpdate, {
        token: other.token,
        body: { id: work.id, revision: 0, tags: ['x'] },
      }),
      api(server, CALLS.studioWorkDelete, { token: other.token, body: { id: work.id } }),
      api(server, CALLS.studioFile, {
        token: other.token,
        query: { id: work.id, path: 'one.ink' },
      }),
      saveFile(server, other.token, work.id, 'one.ink', 'Mine now.'),
      api(server, CALLS.studioFileDelete, {
        token: other.token,
        body: { id: work.id, path: 'one.ink' },
      }),
    ];
    for (const res of await Promise.all(calls))
      expect(res.status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
    expect((await api(server, CALLS.studioWorks, { token: other.token })).data!.works).toEqual([]);
    const file = await api(server, CALLS.studioFile, {
      token: owner.token,
      query: { id: work.id, path: 'one.ink' },
    });
    expect(file.data!.source).toBe('Hello.\n');
  });

  it('tell a visitor account to log in to create (6514), whatever it asks', async () => {
    const owner = await signedIn(server);
    const work = await createWork(server, owner.token);
    const { token } = await signedIn(server, 'DF_ID');
    const calls = [
      api(server, CALLS.studioWorks, { token }),
      api(server, CALLS.studioWorkCreate, {
        token,
        body: { title: { en_US: 'x' }, script_type: 'ROMANCE' },
      }),
      getWork(token, work.id),
      saveFile(server, token, work.id, 'a.ink', 'x'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(STATUS.STUDIO_LOGIN_TO_CREATE);
      expect(res.desc).toBe('Login to create');
    }
  });

  it('stop at 100 per creator (6513)', async () => {
    const { user, token } = await signedIn(server);
    await server.database.db.insert(studioWorks).values(
      Array.from({ length: STUDIO_LIMITS.worksPerCreatorMax - 1 }, (_, i) => ({
        ownerId: user.id,
        title: { en_US: `w${i}` },
        scriptType: 'SUSPENSE' as const,
      })),
    );
    await createWork(server, token, 'the hundredth');
    const res = await api(server, CALLS.studioWorkCreate, {
      token,
      body: { title: { en_US: 'one too many' }, script_type: 'SUSPENSE' },
    });
    expect(res.status).toBe(STATUS.STUDIO_TOO_MANY_WORKS);
    expect((await api(server, CALLS.studioWorks, { token })).data!.works).toHaveLength(100);
  });

  it('are made once for one idempotency key, however many times and at once it is sent', async () => {
    const { token } = await signedIn(server);
    const create = (key: string, title = 'Twice Told') =>
      api(server, CALLS.studioWorkCreate, {
        token,
        body: { title: { en_US: title }, script_type: 'SUSPENSE', idempotency_key: key },
      });
    const first = await Promise.all(Array.from({ length: 5 }, () => create('work-double-click')));
    const ids = new Set(first.map((res) => res.data!.id));
    expect(ids.size).toBe(1);
    // Later, the same key answers the same work; another key is another work.
    expect((await create('work-double-click')).data!.id).toBe([...ids][0]);
    const other = await create('work-another-intent', 'Told Again');
    expect(other.data!.id).not.toBe([...ids][0]);
    const list = await api(server, CALLS.studioWorks, { token });
    expect(list.data!.works).toHaveLength(2);
  });

  it('need a title in one language at least, and an empty one makes nothing', async () => {
    const { token } = await signedIn(server);
    for (const title of [{}, { en_US: '   ' }, { zh_CN: '', ja_JP: '' }]) {
      const res = await api(server, CALLS.studioWorkCreate, {
        token,
        body: { title, script_type: 'SUSPENSE' },
        lang: 'ja_JP',
      });
      expect(res.status).toBe(STATUS.INVALID_PARAMS);
      expect(res.desc).toContain('title: ');
    }
    expect((await api(server, CALLS.studioWorks, { token })).data!.works).toEqual([]);
  });

  it('refuse a title or name that hides or reorders what it shows (1008), changing nothing', async () => {
    const { token } = await signedIn(server);
    const created = await api(server, CALLS.studioWorkCreate, {
      token,
      body: { title: { en_US: 'Harbour\u202eLights' }, script_type: 'SUSPENSE' },
      lang: 'zh_CN',
    });
    expect(created.status).toBe(STATUS.TEXT_INVISIBLE);
    expect(created.desc).toBe('名称中不能包含不可见字符或改变文字方向的字符');
    expect((await api(server, CALLS.studioWorks, { token })).data!.works).toEqual([]);

    const work = await createWork(server, token, 'Harbour Lights');
    const changes = [
      { title: { ja_JP: '港\u200bの灯' } },
      { characters: [{ ...character('mira'), name: { en_US: 'Mi\u2066ra\u2069' } }] },
      { chapters: [{ title: { en_US: 'O\u00adne' }, file: 'one.ink', price_gems: 0 }] },
      { tags: ['s\u200dea'] },
    ];
    for (const change of changes) {
      const res = await api(server, CALLS.studioWorkUpdate, {
        token,
        body: { id: work.id, revision: 0, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(STATUS.TEXT_INVISIBLE);
    }
    expect((await getWork(token, work.id)).data).toMatchObject({
      revision: 0,
      title: { en_US: 'Harbour Lights' },
      characters: [],
      chapters: [],
      tags: [],
    });
    // A description is free text: cleaned, not refused.
    const described = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: { id: work.id, revision: 0, description: { en_US: 'Lights\u202e on\u200b the sea' } },
    });
    expect(described.data!.description).toEqual({ en_US: 'Lights on the sea' });
  });

  it('are deleted with their files', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    await saveFile(server, token, work.id, 'one.ink', 'Hello.');
    const res = await api(server, CALLS.studioWorkDelete, { token, body: { id: work.id } });
    expect(res.data).toEqual({ deleted: true });
    expect((await getWork(token, work.id)).status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
  });
});

describe('files', () => {
  it('are saved, listed with their size, read back, replaced and deleted', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const saved = await saveFile(
      server,
      token,
      work.id,
      'parts/harbour.ink',
      '=== harbour ===\nWaves.\n',
    );
    expect(saved.data).toEqual({ path: 'parts/harbour.ink', size: 23, revision: 1 });
    await saveFile(server, token, work.id, 'main.ink', 'INCLUDE parts/harbour.ink\nCafé\n');
    expect((await getWork(token, work.id)).data!.files).toEqual([
      { path: 'main.ink', size: Buffer.byteLength('INCLUDE parts/harbour.ink\nCafé\n') },
      { path: 'parts/harbour.ink', size: 23 },
    ]);
    const read = await api(server, CALLS.studioFile, {
      token,
      query: { id: work.id, path: 'main.ink' },
    });
    expect(read.data!.source).toBe('INCLUDE parts/harbour.ink\nCafé\n');
    const deleted = await api(server, CALLS.studioFileDelete, {
      token,
      body: { id: work.id, path: 'main.ink' },
    });
    expect(deleted.data).toEqual({ revision: 3 });
    const gone = await api(server, CALLS.studioFile, {
      token,
      query: { id: work.id, path: 'main.ink' },
    });
    expect(gone.status).toBe(STATUS.STUDIO_FILE_NOT_FOUND);
    const again = await api(server, CALLS.studioFileDelete, {
      token,
      body: { id: work.id, path: 'main.ink' },
    });
    expect(again.status).toBe(STATUS.STUDIO_FILE_NOT_FOUND);
    expect((await getWork(token, work.id)).data!.revision).toBe(3);
  });

  it('stay within 5 MB together (6502) and an oversize save changes nothing', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const threeMb = 'a'.repeat(3 * 1024 * 1024);
    expect((await saveFile(server, token, work.id, 'a.ink', threeMb)).status).toBe(200);
    const over = await saveFile(server, token, work.id, 'b.ink', threeMb);
    expect(over.status).toBe(STATUS.STUDIO_SOURCES_TOO_LARGE);
    // Replacing the big file with another of the same size is within the limit.
    expect((await saveFile(server, token, work.id, 'a.ink', `${threeMb}b`)).status).toBe(200);
    const after = (await getWork(token, work.id)).data!;
    expect(after.files).toEqual([{ path: 'a.ink', size: 3 * 1024 * 1024 + 1 }]);
    expect(after.revision).toBe(2);
  });

  it('refuse a path with .. or without .ink (1001-like input error) and save nothing', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    for (const path of ['../escape.ink', '/abs.ink', 'a/../b.ink', 'notes.txt']) {
      const res = await apiRaw(server, CALLS.studioFileSave, {
        token,
        body: { id: work.id, path, source: 'x' },
      });
      expect(res.status, path).not.toBe(200);
      expect(res.desc, path).not.toBe('');
    }
    expect((await getWork(token, work.id)).data).toMatchObject({ files: [], revision: 0 });
  });
});

describe('adding an import', () => {
  it('adds files, chapters and characters in one revision, and refuses a duplicate character', async () => {
    const { user, token } = await signedIn(server);
    const work = await createWork(server, token);
    const studio = createStudioService({
      db: server.database.db,
      now: () => server.clock.now,
      media: createMediaStore(server.config),
      log: server.app.log,
      mediaBase: '/media',
      artBase: '/art',
      stories: createStoryProcesses(),
    });
    const added = await studio.addImported(user.id, work.id, {
      files: { 'story.ink': 'Hi.\n', 'more.ink': 'More.\n' },
      chapters: [{ title: { en_US: 'Story' }, file: 'story.ink', price_gems: 0 }],
      characters: [{ ...character('ann'), expressions: {}, chat: null }],
    });
    expect(added).toMatchObject({
      revision: 1,
      chapters: [{ file: 'story.ink' }],
      characters: [{ key: 'ann' }],
    });
    expect(added.files.map((f) => f.path)).toEqual(['more.ink', 'story.ink']);
    await expect(
      studio.addImported(user.id, work.id, {
        files: { 'x.ink': 'x' },
        chapters: [],
        characters: [{ ...character('ann'), expressions: {}, chat: null }],
      }),
    ).rejects.toMatchObject({ status: STATUS.STUDIO_DUPLICATE_KEY });
    expect((await getWork(token, work.id)).data!.files).toHaveLength(2);
  });
});
