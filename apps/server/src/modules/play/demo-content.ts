import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePersona } from '@taleforge/contracts/character-persona';
import { AUDIO_KINDS, type AudioKind } from '@taleforge/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { ensureSystemUser } from '../auth/index.js';
import { MEDIA_EXTENSIONS, type MediaExtension, type MediaStore } from '../media/index.js';
import type { GameDefinition } from './game-definition.js';
import { StoryCompileError } from './ink-compiler.js';
import { publishGame } from './publish.js';

/** content/ at the repository root; src/ and dist/ sit at the same depth. */
export const CONTENT_DIR = fileURLToPath(new URL('../../../../../content', import.meta.url));

const STUDIO_PUBLIC_ID = 'taleforge_studio';

type GameFile = Omit<GameDefinition, 'chapters' | 'audio'> & {
  chapters: (Omit<GameDefinition['chapters'][number], 'ink'> & { file: string })[];
  /** Sound files beside game.json, e.g. audio/theme.mp3 (made by scripts/generate-audio.mjs). */
  audio?: { key: string; kind: AudioKind; file: string; loop?: boolean }[];
};

/** Every .ink file of a work, by its path within the work: what a chapter may INCLUDE. */
async function readInkFiles(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.ink')).sort();
  const files: Record<string, string> = {};
  for (const name of names) {
    files[name.split(path.sep).join('/')] = await readFile(path.join(dir, name), 'utf8');
  }
  return files;
}

export async function loadGameDefinition(dir: string): Promise<GameDefinition> {
  const file = JSON.parse(await readFile(path.join(dir, 'game.json'), 'utf8')) as GameFile;
  const inkFiles = await readInkFiles(dir);
  const chapters = await Promise.all(
    file.chapters.map(async ({ file: inkFile, ...chapter }) => ({
      ...chapter,
      file: inkFile,
      ink: await readFile(path.join(dir, inkFile), 'utf8'),
    })),
  );
  const npcs = await Promise.all(
    file.npcs.map(async (npc) => ({ ...npc, character: await loadCharacter(dir, npc) })),
  );
  const audio = await Promise.all((file.audio ?? []).map((sound) => loadSound(dir, sound)));
  return { ...file, npcs, chapters, audio, inkFiles };
}

async function loadSound(dir: string, sound: NonNullable<GameFile['audio']>[number]) {
  const { file, loop = false, ...rest } = sound;
  const extension = path.extname(file).slice(1) as MediaExtension;
  const where = `${path.join(dir, 'game.json')}: audio "${sound.key}"`;
  if (!MEDIA_EXTENSIONS.includes(extension)) throw new Error(`${where}: ${file} is not an .mp3`);
  if (!AUDIO_KINDS.includes(rest.kind)) throw new Error(`${where}: unknown kind "${rest.kind}"`);
  return { ...rest, loop, extension, bytes: await readFile(path.join(dir, file)) };
}

/**
 * A character's chat material sits beside the game as characters/<npc key>.json. It is parsed
 * with the persona schema here, so a broken file stops the seed naming the field, and it must
 * carry every conversation goal the story can set for the character.
 */
async function loadCharacter(dir: string, npc: GameFile['npcs'][number]) {
  const file = path.join(dir, 'characters', `${npc.key}.json`);
  if (!existsSync(file)) return null;
  let persona: ReturnType<typeof parsePersona>;
  try {
    persona = parsePersona(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (persona.key !== npc.key) throw new Error(`${file}: key must be "${npc.key}"`);
  const missing = Object.keys(npc.goals ?? {}).filter(
    (goal) => !persona.goals.some((g) => g.key === goal),
  );
  if (missing.length) throw new Error(`${file}: no persona goal for ${missing.join(', ')}`);
  return persona;
}

/** The works of a content folder: each folder with a game.json. */
export async function demoGameDirs(contentDir = CONTENT_DIR): Promise<string[]> {
  const entries = await readdir(contentDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && existsSync(path.join(contentDir, e.name, 'game.json')))
    .map((e) => path.join(contentDir, e.name))
    .sort();
}

export async function loadDemoGames(contentDir = CONTENT_DIR): Promise<GameDefinition[]> {
  return Promise.all((await demoGameDirs(contentDir)).map((d) => loadGameDefinition(d)));
}

/**
 * Seeds the demo works on start. Idempotent: unchanged files change nothing; an edited chapter is
 * published as a new version, and saves on the old one keep running. A work whose files cannot
 * be read or whose ink does not compile is logged (work, file, line) and left out: one author's
 * mistake must not keep the site, and every other work, from starting.
 */
export async function seedDemoContent(
  db: Db,
  options: {
    artBase: string;
    media: MediaStore;
    now: Date;
    log: Pick<FastifyBaseLogger, 'error'>;
    contentDir?: string;
  },
): Promise<number[]> {
  const creatorId = await ensureSystemUser(db, {
    publicId: STUDIO_PUBLIC_ID,
    nickName: 'Taleforge Studio',
  });
  const ids: number[] = [];
  for (const dir of await demoGameDirs(options.contentDir)) {
    const work = path.basename(dir);
    let def: GameDefinition;
    try {
      def = await loadGameDefinition(dir);
    } catch (error) {
      options.log.error(
        { work, err: error },
        `demo work ${work} left out: its files cannot be read`,
      );
      continue;
    }
    try {
      ids.push(
        await publishGame(db, def, {
          creatorId,
          coverUrl: (id) => `${options.artBase}/cover/${id}.svg`,
          media: options.media,
          now: options.now,
        }),
      );
    } catch (error) {
      if (!(error instanceof StoryCompileError)) throw error;
      for (const { file, line, message } of error.problems) {
        options.log.error(
          { work, file, line },
          `demo work ${work} left out: ${file}${line === null ? '' : ` line ${line}`}: ${message}`,
        );
      }
    }
  }
  return ids;
}
