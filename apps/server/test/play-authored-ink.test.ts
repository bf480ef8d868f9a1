import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CALLS, type CallBodyInput, type PlayState } from '@taleforge/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/index.js';
import { seedDemoContent } from '../src/modules/play/demo-content.js';
import type { GameDefinition } from '../src/modules/play/game-definition.js';
import { games } from '../src/platform/db/schema/index.js';
import type { AppError } from '../src/platform/http/app-error.js';
import { buildSession } from './support/factories.js';
import { api } from './support/http.js';
import { startTestServer, type TestServer } from './support/server.js';
import { buildStoryGame } from './support/story-game.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const t = (en: string) => ({ en_US: en });
const chapter = (ink: string, file?: string) => ({ title: t('One'), priceGems: 0, ink, file });

async function play(overrides: Partial<GameDefinition>) {
  const { gameId } = await buildStoryGame(server.database.db, overrides);
  const { token } = await buildSession(server.database.db);
  const send = (body: CallBodyInput<typeof CALLS.gameEvent>) =>
    api(server, CALLS.gameEvent, { token, body });
  const start = await send({ type: 'start', game_id: gameId });
  expect(start.status, start.desc).toBe(200);
  return { gameId, send, start: start.data as PlayState };
}

async function refusal(overrides: Partial<GameDefinition>): Promise<AppError> {
  const outcome = await buildStoryGame(server.database.db, overrides).catch((e: unknown) => e);
  expect(outcome).toBeInstanceOf(Error);
  return outcome as AppError;
}

describe('ink as authors write it', () => {
  it('passes tags outside the vocabulary to the page unchanged, keeping its own tags’ meaning', async () => {
    const { start } = await play({
      chapters: [
        chapter(`# title: The Vault
# author: Someone
Dust on the floor. #CLASS: dim #IMAGE: vault.png #speaker:ada:smile
~ temp n = 3
Steps: {n}. #AUDIO: steps{n}.mp3
* [Go on #CLASS: bold] -> END
`),
      ],
    });
    expect(start.lines).toEqual([
      expect.objectContaining({
        text: 'Dust on the floor.',
        speaker: 'ada',
        expression: 'smile',
        tags: ['title: The Vault', 'author: Someone', 'CLASS: dim', 'IMAGE: vault.png'],
      }),
      // A dynamic tag arrives as the story made it.
      expect.objectContaining({ text: 'Steps: 3.', speaker: null, tags: ['AUDIO: steps3.mp3'] }),
    ]);
    expect(start.choices).toEqual([{ index: 0, text: 'Go on', tags: ['CLASS: bold'] }]);
  });

  it('takes no escaped #, # in a string or # in a comment for a tag', async () => {
    const { start } = await play({
      chapters: [
        chapter(`VAR label = "room \\# 5"
Room \\#5 /* #speaker:ghost */ is {label}. // #scene:nowhere
-> END
`),
      ],
    });
    expect(start.lines).toEqual([
      {
        text: 'Room #5 is room # 5.',
        speaker: null,
        speaker_name: null,
        npc_id: null,
        expression: null,
      },
    ]);
  });

  it('still refuses a tag of the vocabulary naming nothing, at its file and line', async () => {
    const error = await refusal({
      chapters: [chapter('INCLUDE parts/hall.ink\nStart.\n-> hall\n', 'chapter-1.ink')],
      inkFiles: { 'parts/hall.ink': '== hall ==\nA hall.\nHello. #speaker:ghost\n-> END\n' },
    });
    expect(error).toMatchObject({
      status: 4014,
      detail: 'parts/hall.ink line 3: unknown character "ghost"',
    });
  });

  it('compiles INCLUDE from the work’s files, and names a file the work does not have', async () => {
    const { start } = await play({
      chapters: [chapter('INCLUDE parts/hall.ink\nStart.\n-> hall\n', 'chapter-1.ink')],
      inkFiles: { 'parts/hall.ink': '== hall ==\nA long hall. #speaker:bo:angry\n-> END\n' },
    });
    expect(start.lines.map((l) => [l.text, l.speaker])).toEqual([
      ['Start.', null],
      ['A long hall.', 'bo'],
    ]);
    const missing = await refusal({
      chapters: [chapter('INCLUDE parts/cellar.ink\nStart.\n-> END\n', 'chapter-1.ink')],
      inkFiles: {},
    });
    expect(missing).toMatchObject({ status: 4014 });
    expect(missing.detail).toContain('parts/cellar.ink');
    const outside = await refusal({
      chapters: [chapter('INCLUDE ../other-work/secret.ink\n-> END\n', 'chapter-1.ink')],
      inkFiles: { '../other-work/secret.ink': 'Not yours.\n' },
    });
    expect(outside).toMatchObject({ status: 4014 });
    expect(outside.detail).toContain('outside this work');
  });

  it('runs the ink fallback of an EXTERNAL the server does not bind', async () => {
    const { start } = await play({
      chapters: [
        chapter(`EXTERNAL roll(sides)
You roll {roll(6)}.
-> END
=== function roll(sides)
~ return sides + 1
`),
      ],
    });
    expect(start.lines.map((l) => l.text)).toEqual(['You roll 7.']);
  });

  it('refuses an EXTERNAL with no fallback when published, naming it', async () => {
    const error = await refusal({
      chapters: [chapter('EXTERNAL shake(x)\n~ shake(1)\nHi.\n-> END\n')],
    });
    expect(error).toMatchObject({ status: 4014 });
    expect(error.detail).toContain('EXTERNAL shake has no ink fallback');
  });

  it('lets a player take a choice past the 32nd, and refuses an index no story may offer', async () => {
    const options = Array.from(
      { length: 40 },
      (_, i) => `+ [Door ${i}] Door ${i} opens.\n  -> END`,
    );
    const { gameId, send, start } = await play({
      chapters: [chapter(`Forty doors.\n${options.join('\n')}\n`)],
    });
    expect(start.choices).toHaveLength(40);
    const chosen = await send({
      type: 'choose',
      game_id: gameId,
      seq: start.seq,
      choice_index: 35,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.data!.lines.map((l) => l.text)).toEqual(['Door 35 opens.']);
    const tooBig = await send({
      type: 'choose',
      game_id: gameId,
      seq: chosen.data!.seq,
      choice_index: 1000,
    });
    expect(tooBig).toMatchObject({ status: 1001, data: null });
  });

  it('gives a work without characters or scenes a generated cover', async () => {
    const { gameId } = await buildStoryGame(server.database.db, {
      npcs: [],
      scenes: [],
      minigames: [],
      chapters: [chapter('Alone.\n-> END\n')],
    });
    const svg = await fetch(server.url(`/art/cover/${gameId}.svg`));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 800 500"/);
    const png = await fetch(server.url(`/art/cover/${gameId}.png`));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});

describe('seeding works from content files', () => {
  async function writeWork(root: string, slug: string, ink: string) {
    const dir = path.join(root, slug);
    await mkdir(dir, { recursive: true });
    const game = {
      slug,
      title: t(slug),
      description: t('A seeded work'),
      scriptType: 'SUSPENSE',
      tags: [],
      languages: ['en_US'],
      npcs: [],
      tasks: [],
      scenes: [],
      minigames: [],
      chapters: [{ title: t('One'), priceGems: 0, file: 'chapter-1.ink' }],
    };
    await writeFile(path.join(dir, 'game.json'), JSON.stringify(game));
    await writeFile(path.join(dir, 'chapter-1.ink'), ink);
  }

  it('leaves out a work that does not compile, logging work, file and line, and seeds the rest', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'content-'));
    const suffix = Date.now().toString(36);
    try {
      await writeWork(root, `broken-${suffix}`, 'Fine.\nThen broken.\n* [Go]\n  -> nowhere\n');
      await writeWork(root, `sound-${suffix}`, 'All well.\n-> END\n');
      const logged: Record<string, unknown>[] = [];
      const log = pino(
        { level: 'info' },
        { write: (line: string) => logged.push(JSON.parse(line)) },
      );
      const ids = await seedDemoContent(server.database.db, {
        artBase: '/taleforge/art',
        media: createMediaStore(server.config),
        now: new Date(),
        contentDir: root,
        log,
      });
      expect(ids).toHaveLength(1);
      const [seeded] = await server.database.db.select().from(games).where(eq(games.id, ids[0]!));
      expect(seeded!.slug).toBe(`sound-${suffix}`);
      expect(
        await server.database.db
          .select()
          .from(games)
          .where(eq(games.slug, `broken-${suffix}`)),
      ).toEqual([]);
      expect(logged).toEqual([
        expect.objectContaining({
          level: 50,
          work: `broken-${suffix}`,
          file: 'chapter-1.ink',
          line: 4,
          msg: expect.stringMatching(
            /^demo work broken-\w+ left out: chapter-1.ink line 4: .*nowhere/,
          ),
        }),
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
