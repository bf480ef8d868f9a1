import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  chapters,
  chapterVersions,
  gameAudio,
  games,
  minigames,
  npcs,
  scenes,
  tasks,
} from '../../platform/db/schema/index.js';

export type GameRow = typeof games.$inferSelect;
export type ChapterRow = typeof chapters.$inferSelect;
export type NpcRow = typeof npcs.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type MinigameRow = typeof minigames.$inferSelect;
export type SceneRow = typeof scenes.$inferSelect;

export async function findPublishedGame(db: Db | Tx, gameId: number): Promise<GameRow | null> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, gameId), isNotNull(games.publishedAt)));
  return row ?? null;
}

export async function listChapters(db: Db | Tx, gameId: number): Promise<ChapterRow[]> {
  return db
    .select()
    .from(chapters)
    .where(eq(chapters.gameId, gameId))
    .orderBy(asc(chapters.position));
}

/** What a save runs: the compiled story, and the mini-games frozen with it (null: the game's). */
export async function findStoryVersion(db: Db | Tx, chapterId: number, version: number) {
  const [row] = await db
    .select({ storyJson: chapterVersions.storyJson, minigames: chapterVersions.minigames })
    .from(chapterVersions)
    .where(and(eq(chapterVersions.chapterId, chapterId), eq(chapterVersions.version, version)));
  return row ?? null;
}

export async function findChapterSource(db: Db | Tx, chapterId: number, version: number) {
  const [row] = await db
    .select({
      inkSource: chapterVersions.inkSource,
      storyJson: chapterVersions.storyJson,
      minigames: chapterVersions.minigames,
    })
    .from(chapterVersions)
    .where(and(eq(chapterVersions.chapterId, chapterId), eq(chapterVersions.version, version)));
  return row ?? null;
}

export interface GameContent {
  npcs: NpcRow[];
  tasks: TaskRow[];
  minigames: MinigameRow[];
  scenes: SceneRow[];
}

export async function loadGameContent(db: Db | Tx, gameId: number): Promise<GameContent> {
  const [npcRows, taskRows, minigameRows, sceneRows] = await Promise.all([
    db.select().from(npcs).where(eq(npcs.gameId, gameId)).orderBy(asc(npcs.id)),
    db.select().from(tasks).where(eq(tasks.gameId, gameId)).orderBy(asc(tasks.id)),
    db.select().from(minigames).where(eq(minigames.gameId, gameId)),
    db.select().from(scenes).where(eq(scenes.gameId, gameId)),
  ]);
  return { npcs: npcRows, tasks: taskRows, minigames: minigameRows, scenes: sceneRows };
}

export type AudioRow = typeof gameAudio.$inferSelect;

export async function listGameAudio(db: Db | Tx, gameId: number): Promise<AudioRow[]> {
  return db
    .select()
    .from(gameAudio)
    .where(eq(gameAudio.gameId, gameId))
    .orderBy(asc(gameAudio.key));
}

export async function insertChapterVersion(
  tx: Tx,
  values: typeof chapterVersions.$inferInsert,
): Promise<void> {
  await tx.insert(chapterVersions).values(values);
  await tx
    .update(chapters)
    .set({ version: values.version })
    .where(eq(chapters.id, values.chapterId));
}

/** The face a generated portrait is drawn from, and the pictures uploaded instead. */
export async function findNpcFace(
  db: Db,
  npcId: number,
): Promise<Pick<NpcRow, 'face' | 'expressions'> | null> {
  const [npc] = await db
    .select({ face: npcs.face, expressions: npcs.expressions })
    .from(npcs)
    .where(eq(npcs.id, npcId));
  return npc ?? null;
}

export async function findSceneStyle(
  db: Db,
  gameId: number,
  key: string,
): Promise<SceneRow['style'] | null> {
  const [scene] = await db
    .select({ style: scenes.style })
    .from(scenes)
    .where(and(eq(scenes.gameId, gameId), eq(scenes.key, key)));
  return scene?.style ?? null;
}

/** A cover is the game's first scene (by key) with its first character (by id) in front. */
/** What a generated cover is drawn from: the first scene and the lead character, when the work has them. */
export async function findCoverArt(
  db: Db,
  gameId: number,
): Promise<{ style: SceneRow['style'] | null; face: NpcRow['face'] | null } | null> {
  const [[game], [scene], [npc]] = await Promise.all([
    db.select({ id: games.id }).from(games).where(eq(games.id, gameId)),
    db
      .select({ style: scenes.style })
      .from(scenes)
      .where(eq(scenes.gameId, gameId))
      .orderBy(asc(scenes.key))
      .limit(1),
    db
      .select({ face: npcs.face })
      .from(npcs)
      .where(eq(npcs.gameId, gameId))
      .orderBy(asc(npcs.id))
      .limit(1),
  ]);
  return game ? { style: scene?.style ?? null, face: npc?.face ?? null } : null;
}
