import { CALLS, type StudioWork } from '@taleforge/contracts';
import { strToU8, zipSync } from 'fflate';
import { Compiler } from 'inkjs/full';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiledStory } from '../src/modules/play/index.js';
import { publishGame } from '../src/modules/play/publish.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { playThroughApi, playWithInkjs, readWork } from './support/public-ink.js';
import { startTestServer, type TestServer } from './support/server.js';
import { storyGameDefinition } from './support/story-game.js';
import { createWork } from './support/studio.js';
import { fixture, uploadImport } from './support/studio-import.js';

// Imports through the real HTTP layer on a real database: each format adds what it holds to the
// creator's work in one change, says what it could not convert, and the imported ink plays
// through the server's own runtime word for word as plain inkjs plays the original.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const zipFolder = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([p, s]) => [`story/${p}`, strToU8(s)])));

/** The work's ink files as the studio serves them, by path. */
async function filesOf(token: string, work: StudioWork) {
  const files: Record<string, string> = {};
  for (const { path } of work.files) {
    const res = await api(server, CALLS.studioFile, { token, query: { id: work.id, path } });
    files[path] = res.data!.source;
  }
  return files;
}

/** Publishes the work through the studio and gives the player-facing game. */
async function publish(token: string, id: number) {
  const res = await api(server, CALLS.studioPublish, { token, body: { id } });
  expect(res.status, res.desc).toBe(200);
  return res.data!.game_id!;
}

/** Publishes one chapter of the imported files through play and plays it through the API. */
async function playImported(
  creatorId: number,
  files: Record<string, string>,
  main: string,
  steps: number,
) {
  const gameId = await publishGame(
    server.database.db,
    storyGameDefinition({
      npcs: [],
      tasks: [],
      scenes: [],
      minigames: [],
      chapters: [{ title: { en_US: main }, priceGems: 0, ink: files[main]!, file: main }],
      inkFiles: files,
    }),
    { creatorId, coverUrl: (id) => `/taleforge/art/cover/${id}.svg`, now: new Date() },
  );
  return playThroughApi(server, gameId, steps);
}

describe('importing ink', () => {
  it('adds a zip of ink with its INCLUDEs, whose chapters play as plain inkjs plays the original', async () => {
    const { user, token } = await signedIn(server);
    const work = await createWork(server, token);
    const original = readWork('inkjs/misc/include.ink');
    const res = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'ink_zip', name: 'misc.zip' },
      zipFolder(original.files),
    );
    expect(res.status, res.desc).toBe(200);
    const imported = res.data!.work;
    expect(imported.revision).toBe(work.revision + 1);
    expect(imported.chapters.map((c) => c.file)).toEqual([
      'escape_character.ink',
      'include.ink',
      'nested_include.ink',
      'quote_character_significance.ink',
    ]);
    const files = await filesOf(token, imported);
    expect(files).toEqual(original.files);
    for (const main of ['include.ink', 'nested_include.ink']) {
      const ours = await playImported(user.id, files, main, 5);
      expect(ours).toEqual(playWithInkjs({ ...original, main }, 5));
    }
  });

  it('adds a published game as one ink file that the studio publishes and plays as it did', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const original = readWork('the-intercept/TheIntercept.ink');
    const res = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'ink', name: 'TheIntercept.ink' },
      Buffer.from(original.files[original.main]!),
    );
    expect(res.data!.work.chapters).toEqual([
      { title: { en_US: 'TheIntercept' }, file: 'TheIntercept.ink', price_gems: 0 },
    ]);
    const gameId = await publish(token, work.id);
    expect(await playThroughApi(server, gameId, 40)).toEqual(playWithInkjs(original, 40));
  });

  it('keeps compiled ink as a file that compiles clean, publishes and plays as the source did', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const original = readWork('the-intercept/TheIntercept.ink');
    const json = new Compiler(original.files[original.main]!).Compile().ToJson()!;
    const res = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'ink_json', name: 'intercept.json' },
      Buffer.from(json),
    );
    expect(res.status, res.desc).toBe(200);
    const files = await filesOf(token, res.data!.work);
    expect(JSON.parse(precompiledStory(files['intercept.ink']!)!)).toEqual(JSON.parse(json));
    const compiled = await api(server, CALLS.studioCompile, { token, body: { id: work.id } });
    expect(compiled.data).toEqual({ ok: true, diagnostics: [] });
    const gameId = await publish(token, work.id);
    expect(await playThroughApi(server, gameId, 40)).toEqual(playWithInkjs(original, 40));
  });
});

describe('importing next to the creator’s own files', () => {
  it('gives a single file whose name is taken the next free name, keeping the first', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const one = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'ink', name: 'story.ink' },
      strToU8('First.'),
    );
    expect(one.status, one.desc).toBe(200);
    const two = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'ink', name: 'story.ink' },
      strToU8('Second.'),
    );
    expect(two.data!.work.chapters.map((c) => c.file)).toEqual(['story.ink', 'story-2.ink']);
    expect(await filesOf(token, two.data!.work)).toEqual({
      'story.ink': 'First.',
      'story-2.ink': 'Second.',
    });
  });
});

describe('importing Twee', () => {
  it('takes the story title, adds the converted chapter and lists what was not converted', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token, 'Untitled');
    const res = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'twee', name: 'lock.twee' },
      fixture('twee/sugarcube_lockandkey_variable.twee'),
    );
    expect(res.status, res.desc).toBe(200);
    expect(res.data!.work.title).toEqual({ en_US: 'Lock and Key: Variable in SugarCube' });
    expect(res.data!.work.chapters).toEqual([
      { title: { en_US: 'Lock and Key: Variable in SugarCube' }, file: 'lock.ink', price_gems: 0 },
    ]);
    expect(res.data!.unconverted).toEqual([
      {
        where: 'Back Room',
        what: '<<linkreplace "Pick up the key">><<set $key to true>>You have a key.<</linkreplace>>',
      },
    ]);
  });
});

describe('importing character cards', () => {
  it('adds a card from a PNG and from JSON, each with its own key and a drawn face', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const png = fixture('cards/Skynet_v2.png');
    const first = await uploadImport(server, token, { id: work.id, kind: 'card' }, png);
    expect(first.status, first.desc).toBe(200);
    const skynet = first.data!.work.characters[0]!;
    expect(skynet).toMatchObject({
      key: 'skynet',
      name: { en_US: 'Skynet' },
      greeting: { en_US: 'How can I help you today User.' },
    });
    const card = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: { ...skynet.card, nickname: 'Sky' },
    };
    const second = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'card' },
      Buffer.from(JSON.stringify(card)),
    );
    expect(second.data!.work.characters.map((c) => c.key)).toEqual(['skynet', 'skynet_2']);
    expect(second.data!.work.characters[1]!.card).toMatchObject({ nickname: 'Sky' });
  });
});
