import { isDeepStrictEqual } from 'node:util';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  chapters,
  gameAudio,
  games,
  type MinigameSpec,
  minigames,
  npcs,
  scenes,
  tasks,
} from '../../platform/db/schema/index.js';
import type { MediaStore } from '../media/index.js';
import { findChapterSource, insertChapterVersion, listChapters } from './content-queries.js';
import type { GameDefinition } from './game-definition.js';
import { compileChapterWithIncludes } from './ink-compiler.js';
import { refsOf } from './inspect.js';

/**
 * Creates or updates a game from its definition, in one transaction. Idempotent: running it again
 * with the same files changes nothing; a chapter whose ink changed gets a new version, and saves on
 * the old version keep running on it. Malformed ink refuses the whole game (status 4014, a
 * StoryCompileError naming each problem's file and line).
 */
export async function publishGame(
  db: Db,
  def: GameDefinition,
  options: {
    creatorId: number;
    coverUrl: (gameId: number) => string;
    now: Date;
    /** Where sound files go; needed only when the game has audio. */
    media?: MediaStore;
    /** The cover to show now (an uploaded one); unset, a new game gets `coverUrl`'s. */
    cover?: string;
    /** Shows a game that was unpublished again (a creator publishing); seeding leaves it hidden. */
    reveal?: boolean;
    /** The caller's own writes, in the same transaction: all of it happens or none. */
    alongside?: (tx: Tx, gameId: number) => Promise<void>;
    /**
     * Every chapter already compiled from this very `def` (a story process's inspection, the
     * studio's): publishing keeps it instead of compiling again on this thread.
     */
    compiled?: { storyJson: string; included: Record<string, string> }[];
  },
): Promise<number> {
  const refs = refsOf(def);
  // Compile first: a broken chapter must not leave a half-updated game behind.
  const compiled =
    options.compiled ??
    def.chapters.map((c) =>
      compileChapterWithIncludes(c.ink, refs, { fileName: c.file, includes: def.inkFiles }),
    );
  if (compiled.length !== def.chapters.length) {
    throw new Error('publishGame: one compiled story per chapter');
  }
  // Files before rows, for the same reason; they are named by hash, so a failed publish leaves
  // at most an unused file, and publishing again writes nothing new.
  const sounds = await storeSounds(def, options.media);
  return db.transaction(async (tx) => {
    const meta = {
      title: def.title,
      description: def.description,
      scriptType: def.scriptType,
      tags: def.tags,
      languages: def.languages,
      chapterCount: def.chapters.length,
    };
    const [game] = await tx
      .insert(games)
      .values({
        ...meta,
        slug: def.slug,
        cover: '',
        creatorId: options.creatorId,
        publishedAt: options.now,
      })
      .onConflictDoUpdate({
        target: games.slug,
        set: options.reveal
          ? {
              ...meta,
              // A game an administrator took down stays down.
              publishedAt: sql`case when ${games.takenDownAt} is null then coalesce(${games.publishedAt}, ${options.now.toISOString()}::timestamptz) end`,
            }
          : meta,
      })
      .returning({ id: games.id, cover: games.cover });
    const gameId = game!.id;
    const cover = options.cover ?? (game!.cover || options.coverUrl(gameId));
    if (cover !== game!.cover) await tx.update(games).set({ cover }).where(eq(games.id, gameId));

    for (const npc of def.npcs) {
      const values = {
        name: npc.name,
        persona: npc.persona,
        greeting: npc.greeting,
        goals: npc.goals ?? {},
        face: npc.face,
        character: npc.character ?? null,
        expressions: npc.expressions ?? null,
      };
      await tx
        .insert(npcs)
        .values({ ...values, gameId, key: npc.key })
        .onConflictDoUpdate({ target: [npcs.gameId, npcs.key], set: values });
    }
    for (const task of def.tasks) {
      await tx
        .insert(tasks)
        .values({ gameId, ...task })
        .onConflictDoUpdate({ target: [tasks.gameId, tasks.key], set: { title: task.title } });
    }
    for (const scene of def.scenes) {
      await tx
        .insert(scenes)
        .values({ gameId, ...scene })
        .onConflictDoUpdate({ target: [scenes.gameId, scenes.key], set: { style: scene.style } });
    }
    for (const game of def.minigames) {
      await tx
        .insert(minigames)
        .values({ gameId, ...game })
        .onConflictDoUpdate({
          target: [minigames.gameId, minigames.key],
          set: { spec: game.spec },
        });
    }
    await publishSounds(tx, gameId, sounds);
    await publishChapters(tx, gameId, def, compiled);
    await options.alongside?.(tx, gameId);
    return gameId;
  });
}

type StoredSound = Omit<NonNullable<GameDefinition['audio']>[number], 'bytes' | 'extension'> & {
  media: string;
};

async function storeSounds(def: GameDefinition, media?: MediaStore): Promise<StoredSound[]> {
  const audio = def.audio ?? [];
  if (audio.length && !media) throw new Error(`${def.slug}: publishing audio needs a media store`);
  return Promise.all(
    audio.map(async ({ bytes, extension, ...sound }) => ({
      ...sound,
      media: await media!.put(bytes, extension),
    })),
  );
}

/** The game's sounds become exactly the definition's: changed ones point at their new file. */
async function publishSounds(tx: Tx, gameId: number, sounds: StoredSound[]) {
  for (const { key, ...sound } of sounds) {
    await tx
      .insert(gameAudio)
      .values({ gameId, key, ...sound })
      .onConflictDoUpdate({ target: [gameAudio.gameId, gameAudio.key], set: sound });
  }
  const keys = sounds.map((s) => s.key);
  await tx
    .delete(gameAudio)
    .where(
      keys.length
        ? and(eq(gameAudio.gameId, gameId), notInArray(gameAudio.key, keys))
        : eq(gameAudio.gameId, gameId),
    );
}

/** The mini-games a chapter version plays, frozen with it. */
function frozenMinigames(def: GameDefinition): Record<string, MinigameSpec> {
  return Object.fromEntries(def.minigames.map((m) => [m.key, m.spec]));
}

async function publishChapters(
  tx: Tx,
  gameId: number,
  def: GameDefinition,
  compiled: { storyJson: string; included: Record<string, string> }[],
) {
  const existing = await listChapters(tx, gameId);
  const minigameSpecs = frozenMinigames(def);
  for (const [i, chapter] of def.chapters.entries()) {
    const position = i + 1;
    let row = existing.find((c) => c.position === position);
    if (!row) {
      [row] = await tx
        .insert(chapters)
        .values({ gameId, position, title: chapter.title, priceGems: chapter.priceGems })
        .returning();
    } else {
      await tx
        .update(chapters)
        .set({ title: chapter.title, priceGems: chapter.priceGems })
        .where(and(eq(chapters.id, row.id)));
    }
    const current = row!.version > 0 ? await findChapterSource(tx, row!.id, row!.version) : null;
    // An INCLUDEd file may change while the chapter's own does not: the compiled story tells.
    // Versions from before mini-games were frozen (null) read the game's, which this publish
    // updates; changing a frozen one makes a new version, so no save meets a changed game.
    const sameMinigames =
      current?.minigames == null || isDeepStrictEqual(current.minigames, minigameSpecs);
    if (
      current?.inkSource === chapter.ink &&
      current.storyJson === compiled[i]!.storyJson &&
      sameMinigames
    )
      continue;
    await insertChapterVersion(tx, {
      chapterId: row!.id,
      version: row!.version + 1,
      inkSource: chapter.ink,
      storyJson: compiled[i]!.storyJson,
      includes: compiled[i]!.included,
      minigames: minigameSpecs,
    });
  }
  await tx
    .update(games)
    .set({ chapterCount: sql`${def.chapters.length}` })
    .where(eq(games.id, gameId));
}
