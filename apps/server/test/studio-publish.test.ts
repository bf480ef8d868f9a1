import { CALLS, type GameEventBody } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, chapterVersions } from '../src/platform/db/schema/index.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';

// The studio's whole way to players, through HTTP: write, compile (errors at file and line), fix,
// preview, publish, play; then edit and republish while a player is part-way through.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const face = {
  skin: '#f0d0b0',
  hair: '#222222',
  hairStyle: 'long',
  eyes: '#334455',
  accent: '#aa3344',
} as const;

const ONE = (quay: string) => `INCLUDE parts/harbour.ink
The quay is ${quay}. # speaker: mira
-> harbour
`;
const HARBOUR = (tide: string, target = 'END') => `=== harbour ===
VAR gold = 3
Waves break on stone. # CLASS: sea
* [Wait] The tide ${tide}. -> ${target}
* [Leave] You walk away. -> END
`;
const TWO = 'Chapter two begins.\n-> END\n';

const event = (token: string, body: GameEventBody) => api(server, CALLS.gameEvent, { token, body });
const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

async function homeGameIds(): Promise<number[]> {
  const home = await api(server, CALLS.home);
  return home.data!.sections.flatMap((s) => s.games.map((g) => g.id));
}

async function chapterVersionsOf(gameId: number) {
  const rows = await server.database.db
    .select({ position: chapters.position, version: chapters.version, id: chapters.id })
    .from(chapters)
    .where(eq(chapters.gameId, gameId))
    .orderBy(asc(chapters.position));
  return rows;
}

/** A two-chapter work with one character, chapter one INCLUDing a file with a broken divert. */
async function brokenWork(token: string) {
  const work = await createWork(server, token, 'Harbour Lights');
  await api(server, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: work.id,
      revision: work.revision,
      characters: [
        {
          key: 'mira',
          name: { zh_CN: '米拉' },
          persona: { en_US: 'A keeper' },
          greeting: {},
          face,
        },
      ],
      chapters: [
        { title: { en_US: 'The quay' }, file: 'one.ink', price_gems: 0 },
        { title: {}, file: 'two.ink', price_gems: 0 },
      ],
    },
  });
  await saveFile(server, token, work.id, 'one.ink', ONE('quiet'));
  await saveFile(server, token, work.id, 'parts/harbour.ink', HARBOUR('turns', 'nowhere'));
  await saveFile(server, token, work.id, 'two.ink', `TODO: write more\n${TWO}`);
  return work;
}

describe('from draft to players', () => {
  it('compiles with errors at file and line, refuses to publish them, then publishes the fix', async () => {
    const { token } = await signedIn(server);
    const work = await brokenWork(token);

    const compiled = await api(server, CALLS.studioCompile, { token, body: { id: work.id } });
    expect(compiled.data!.ok).toBe(false);
    expect(compiled.data!.diagnostics).toContainEqual({
      file: 'parts/harbour.ink',
      line: 4,
      severity: 'error',
      message: expect.stringContaining('nowhere'),
    });
    expect(compiled.data!.diagnostics).toContainEqual({
      file: 'two.ink',
      line: 1,
      severity: 'warning',
      message: 'TODO: write more',
    });

    const refused = await api(server, CALLS.studioPublish, { token, body: { id: work.id } });
    expect(refused.status).toBe(STATUS.STUDIO_STORY_HAS_ERRORS);
    expect(refused.desc).toContain('parts/harbour.ink:4');
    expect(
      (await api(server, CALLS.studioWork, { token, query: { id: work.id } })).data,
    ).toMatchObject({
      state: 'draft',
      game_id: null,
    });

    await saveFile(server, token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const fixed = await api(server, CALLS.studioCompile, { token, body: { id: work.id } });
    expect(fixed.data!.ok).toBe(true);
    expect(fixed.data!.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('previews a chapter statelessly: lines with tags, choices, knots, variables, path', async () => {
    const { token } = await signedIn(server);
    const work = await brokenWork(token);
    await saveFile(server, token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const top = await api(server, CALLS.studioPreview, {
      token,
      body: { id: work.id, chapter: 1 },
    });
    expect(top.status).toBe(200);
    expect(top.data).toMatchObject({
      lines: [
        { text: 'The quay is quiet.', tags: ['speaker: mira'] },
        { text: 'Waves break on stone.', tags: ['CLASS: sea'] },
      ],
      choices: [
        { index: 0, text: 'Wait' },
        { index: 1, text: 'Leave' },
      ],
      ended: false,
      variables: { gold: 3 },
      path: 'harbour',
    });
    expect(top.data!.knots).toContain('harbour');

    const chosen = await api(server, CALLS.studioPreview, {
      token,
      body: { id: work.id, chapter: 1, choices: [0] },
    });
    expect(texts(chosen.data!.lines).slice(-1)).toEqual(['The tide turns.']);
    expect(chosen.data!.ended).toBe(true);

    const fromKnot = await api(server, CALLS.studioPreview, {
      token,
      body: { id: work.id, chapter: 1, knot: 'harbour' },
    });
    expect(texts(fromKnot.data!.lines)).toEqual(['Waves break on stone.']);

    const badChoice = await api(server, CALLS.studioPreview, {
      token,
      body: { id: work.id, chapter: 1, choices: [5] },
    });
    expect(badChoice.status).toBe(STATUS.INVALID_PARAMS);
    // Nothing of the preview was kept: the work is as it was.
    expect(
      (await api(server, CALLS.studioWork, { token, query: { id: work.id } })).data!.state,
    ).toBe('draft');
  });

  it('publishes for players at once; a republish keeps a part-way player on the old text', async () => {
    const owner = await signedIn(server);
    const work = await brokenWork(owner.token);
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const before = await homeGameIds(); // fills the catalogue cache

    const published = await api(server, CALLS.studioPublish, {
      token: owner.token,
      body: { id: work.id },
    });
    expect(published.status).toBe(200);
    expect(published.data).toMatchObject({ state: 'published', has_changes: false });
    const gameId = published.data!.game_id!;
    expect(before).not.toContain(gameId);
    // The clock has not moved: only dropping the cached page can show the new game.
    expect(await homeGameIds()).toContain(gameId);
    const list = await api(server, CALLS.gameList, { token: owner.token, query: {} });
    const card = list.data!.list.find((g) => g.id === gameId);
    expect(card).toMatchObject({ title: 'Harbour Lights' });

    const second = await buildSession(server.database.db);
    const start = await event(second.token, { type: 'start', game_id: gameId });
    expect(texts(start.data!.lines)).toEqual(['The quay is quiet.', 'Waves break on stone.']);
    expect(start.data!.chapter_updated).toBe(false);

    await saveFile(server, owner.token, work.id, 'one.ink', ONE('loud'));
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('roars'));
    const changed = (
      await api(server, CALLS.studioWork, { token: owner.token, query: { id: work.id } })
    ).data!;
    expect(changed.has_changes).toBe(true);
    const [v1one, v1two] = await chapterVersionsOf(gameId);
    const again = await api(server, CALLS.studioPublish, {
      token: owner.token,
      body: { id: work.id },
    });
    expect(again.data).toMatchObject({ game_id: gameId, has_changes: false });
    const [v2one, v2two] = await chapterVersionsOf(gameId);
    expect(v2one!.version).toBe(v1one!.version + 1);
    expect(v2two!.version).toBe(v1two!.version);
    const [stored] = await server.database.db
      .select({ includes: chapterVersions.includes, minigames: chapterVersions.minigames })
      .from(chapterVersions)
      .where(
        and(eq(chapterVersions.chapterId, v2one!.id), eq(chapterVersions.version, v2one!.version)),
      );
    expect(stored).toEqual({ includes: { 'parts/harbour.ink': HARBOUR('roars') }, minigames: {} });

    const goesOn = await event(second.token, {
      type: 'choose',
      game_id: gameId,
      seq: start.data!.seq,
      choice_index: 0,
    });
    expect(texts(goesOn.data!.lines)).toContain('The tide turns.');
    expect(goesOn.data).toMatchObject({ chapter_updated: true, story_version: v1one!.version });

    const restarted = await event(second.token, {
      type: 'start',
      game_id: gameId,
      chapter_id: v2one!.id,
      restart: true,
    });
    expect(texts(restarted.data!.lines)).toEqual(['The quay is loud.', 'Waves break on stone.']);
    expect(restarted.data).toMatchObject({ chapter_updated: false, story_version: v2one!.version });
  });

  it('publishes a work once when it is published twice at the same instant', async () => {
    const owner = await signedIn(server);
    const work = await brokenWork(owner.token);
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const publish = () =>
      api(server, CALLS.studioPublish, { token: owner.token, body: { id: work.id } });
    const answers = await Promise.all([publish(), publish(), publish()]);
    // The same draft: every press succeeds and names the one game.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.data!.game_id));
    expect(ids.size).toBe(1);
    const gameId = [...ids][0]!;
    const rows = await chapterVersionsOf(gameId);
    expect(rows.map((r) => [r.position, r.version])).toEqual([
      [1, 1],
      [2, 1],
    ]);

    // And a changed chapter, published again twice at once, gets one new version.
    await saveFile(server, owner.token, work.id, 'one.ink', ONE('loud'));
    const again = await Promise.all([publish(), publish(), publish()]);
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await chapterVersionsOf(gameId)).map((r) => [r.position, r.version])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('refuses a work without a title or chapters (6505)', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token, 'Empty');
    const res = await api(server, CALLS.studioPublish, { token, body: { id: work.id } });
    expect(res.status).toBe(STATUS.STUDIO_NOTHING_TO_PUBLISH);
  });
});

describe('unpublishing', () => {
  it('by the owner hides the game from the catalogue and refuses new starts; others cannot', async () => {
    const owner = await signedIn(server);
    const work = await brokenWork(owner.token);
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const gameId = (
      await api(server, CALLS.studioPublish, { token: owner.token, body: { id: work.id } })
    ).data!.game_id!;
    expect(await homeGameIds()).toContain(gameId);

    const other = await signedIn(server);
    const theirs = await api(server, CALLS.studioUnpublish, {
      token: other.token,
      body: { id: work.id },
    });
    expect(theirs.status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
    const notAdmin = await api(server, CALLS.adminUnpublish, {
      token: other.token,
      body: { game_id: gameId },
    });
    expect(notAdmin.status).toBe(STATUS.STUDIO_NOT_ADMIN);

    const done = await api(server, CALLS.studioUnpublish, {
      token: owner.token,
      body: { id: work.id },
    });
    expect(done.data).toMatchObject({ state: 'unpublished', game_id: gameId });
    expect(await homeGameIds()).not.toContain(gameId);
    const player = await buildSession(server.database.db);
    expect((await event(player.token, { type: 'start', game_id: gameId })).status).toBe(
      STATUS.GAME_NOT_FOUND,
    );
    const info = await api(server, CALLS.resourceInfo, {
      token: player.token,
      query: { game_id: gameId },
    });
    expect(info.status).toBe(STATUS.GAME_NOT_FOUND);
    const twice = await api(server, CALLS.studioUnpublish, {
      token: owner.token,
      body: { id: work.id },
    });
    expect(twice.status).toBe(STATUS.STUDIO_NOT_PUBLISHED);

    // Publishing again shows it again.
    await api(server, CALLS.studioPublish, { token: owner.token, body: { id: work.id } });
    expect(await homeGameIds()).toContain(gameId);
  });

  it('follows the work when it is deleted', async () => {
    const owner = await signedIn(server);
    const work = await brokenWork(owner.token);
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const published = await api(server, CALLS.studioPublish, {
      token: owner.token,
      body: { id: work.id },
    });
    const gameId = published.data!.game_id!;
    expect(await homeGameIds()).toContain(gameId);
    await api(server, CALLS.studioWorkDelete, { token: owner.token, body: { id: work.id } });
    expect(await homeGameIds()).not.toContain(gameId);
  });

  it('by an administrator takes any game off the player site', async () => {
    const owner = await signedIn(server);
    const work = await brokenWork(owner.token);
    await saveFile(server, owner.token, work.id, 'parts/harbour.ink', HARBOUR('turns'));
    const gameId = (
      await api(server, CALLS.studioPublish, { token: owner.token, body: { id: work.id } })
    ).data!.game_id!;
    const admin = await signedIn(server);
    await server.database.db.execute(
      sql`update users set role = 'admin' where id = ${admin.user.id}`,
    );
    const res = await api(server, CALLS.adminUnpublish, {
      token: admin.token,
      body: { game_id: gameId },
    });
    expect(res.data).toEqual({ game_id: gameId, unpublished: true });
    expect(await homeGameIds()).not.toContain(gameId);
    expect(
      (await api(server, CALLS.studioWork, { token: owner.token, query: { id: work.id } })).data!
        .state,
    ).toBe('unpublished');

    // A take-down sticks: the creator's next publish is refused and the game stays hidden.
    const again = await api(server, CALLS.studioPublish, {
      token: owner.token,
      body: { id: work.id },
    });
    expect(again).toMatchObject({ status: STATUS.STUDIO_TAKEN_DOWN });
    expect(await homeGameIds()).not.toContain(gameId);
  });
});
