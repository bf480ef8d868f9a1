import { randomInt } from 'node:crypto';
import type { CallBody, GameEventBody, lineSeenCall, PlayState } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '../../platform/db/client.js';
import type { MinigameSpec } from '../../platform/db/schema/index.js';
import type { PlayerState } from '../../platform/db/schema/save-state.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  type ChapterRow,
  findPublishedGame,
  findStoryVersion,
  type GameContent,
  listChapters,
  loadGameContent,
} from './content-queries.js';
import { recordLineSeen } from './line-seen.js';
import { toChapterInfo, toPlayState } from './play-view.js';
import {
  clearSnapshots,
  findSave,
  findSnapshot,
  type HistoryWrite,
  insertSave,
  lockSave,
  type SaveRow,
  updateSave,
} from './save-queries.js';
import { newPlayerState } from './state.js';
import { applyStep, type SaveData, startChapterSave } from './step.js';
import { InkRuntimeError, type StoryContext, StoryLoopError } from './story-runtime.js';
import { canPlayChapter } from './unlocks.js';

export interface PlayDeps {
  db: Db;
  now: () => Date;
  /** How long a game's chapters and content are reused before being read again. */
  contentTtlMs: number;
  /** Uniform in [0, 1); tests hand in a fixed sequence. */
  random?: () => number;
  /** For story faults met outside a request (a conversation's end); a request logs to its own. */
  log: FastifyBaseLogger;
}

/** Which story a step ran, for the log line of a story fault. */
interface StoryAt {
  gameId: number;
  chapterId: number;
  storyVersion: number;
}

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * A chapter version's compiled story never changes, so it needs no lifetime; 256 stories or 32 M
 * characters (about 64 MB) hold every chapter a process serves, the least played going first.
 */
const STORY_CACHE_MAX = 256;
const STORY_CACHE_CHARS = 32 * 2 ** 20;
/** Games whose chapters and content are kept: the whole catalogue many times over. */
const GAME_CACHE_MAX = 1_000;

interface StoryVersion {
  storyJson: string;
  minigames: Record<string, MinigameSpec> | null;
}

interface LoadedGame {
  chapters: ChapterRow[];
  content: GameContent;
}

export function createPlayService({
  db,
  now,
  contentTtlMs,
  random = cryptoRandom,
  log: moduleLog,
}: PlayDeps) {
  const stories = new LRUCache<string, StoryVersion>({
    max: STORY_CACHE_MAX,
    maxSize: STORY_CACHE_CHARS,
    sizeCalculation: (story) => story.storyJson.length,
  });
  /**
   * Content changes only when a game is published, so every event of every player need not read
   * it: it is kept for `contentTtlMs` (a new chapter version reaches new plays within that time;
   * 0 reads it every time).
   */
  const loadedGames = new LRUCache<number, LoadedGame>({
    max: GAME_CACHE_MAX,
    ttl: contentTtlMs,
    perf: { now: () => now().getTime() },
    ttlResolution: 0,
  });

  async function loadGame(gameId: number): Promise<LoadedGame> {
    const cached = loadedGames.get(gameId);
    if (cached) return cached;
    const game = await findPublishedGame(db, gameId);
    if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
    const [chapters, content] = await Promise.all([
      listChapters(db, gameId),
      loadGameContent(db, gameId),
    ]);
    const loaded = { chapters, content };
    if (contentTtlMs > 0) loadedGames.set(gameId, loaded);
    return loaded;
  }

  async function storyVersion(
    conn: Db | Tx,
    chapterId: number,
    version: number,
  ): Promise<StoryVersion> {
    const key = `${chapterId}:${version}`;
    const cached = stories.get(key);
    if (cached) return cached;
    const row = await findStoryVersion(conn, chapterId, version);
    if (!row) throw new AppError(STATUS.CHAPTER_NOT_FOUND);
    stories.set(key, row);
    return row;
  }

  /** A version published with its mini-games plays those, whatever the game has now. */
  function context(content: GameContent, locale: Locale, story: StoryVersion): StoryContext {
    return {
      minigames:
        story.minigames ?? Object.fromEntries(content.minigames.map((m) => [m.key, m.spec])),
      locale,
      random,
    };
  }

  /**
   * Runs the story; the save is left as it was whatever fails. Ink's runtime error in one
   * player's step answers 4016 (try again: the story itself goes on serving everyone else), any
   * other fault of the content 4015; both are logged with the story, the place and ink's words.
   */
  function runStory<T>(log: FastifyBaseLogger, at: StoryAt, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof InkRuntimeError) {
        log.error(
          { ...at, inkPath: error.inkPath, inkErrors: error.inkErrors },
          `ink runtime error: ${error.message}`,
        );
        throw new AppError(STATUS.STORY_STEP_FAILED);
      }
      // A story that runs on (a loop, a flood of lines, too many choices) is its creator's
      // doing, not the server's: worth a warning, never an error (issue 41).
      if (error instanceof StoryLoopError) {
        log.warn({ ...at, reason: error.message }, 'story runs on without stopping');
        throw new AppError(STATUS.STORY_BROKEN);
      }
      log.error({ ...at, err: error }, 'story fault');
      throw new AppError(STATUS.STORY_BROKEN);
    }
  }

  const saveData = (row: SaveRow): SaveData => ({
    inkState: row.inkState,
    state: row.state,
    view: row.view,
    chosen: row.chosen,
  });

  /** The carried state a chapter starts from; replaying a chapter starts from how it began. */
  function baseState(save: SaveRow | null, chapterId: number): PlayerState {
    if (!save) return newPlayerState();
    if (save.chapterId !== chapterId) return save.state;
    const start = save.state.chapterStart;
    return {
      ...save.state,
      stats: { ...start.stats },
      inventory: { ...start.inventory },
      tasks: Object.fromEntries(start.tasksDone.map((k) => [k, true])),
    };
  }

  async function describe(
    conn: Db | Tx,
    userId: number,
    locale: Locale,
    gameId: number,
    chapters: ChapterRow[],
    content: GameContent,
    row: SaveRow,
  ): Promise<PlayState> {
    const chapter = chapters.find((c) => c.id === row.chapterId)!;
    let nextChapter = null;
    if (row.view.chapterEnded) {
      const next = chapters.find((c) => c.position > chapter.position);
      if (next) {
        nextChapter = toChapterInfo(
          next,
          locale,
          await canPlayChapter(conn, userId, next),
          row.completedChapters.includes(next.id),
        );
      }
    }
    return toPlayState(
      {
        gameId,
        chapter,
        storyVersion: row.storyVersion,
        seq: row.seq,
        save: saveData(row),
        content,
        minigames: (await storyVersion(conn, row.chapterId, row.storyVersion)).minigames,
        nextChapter,
      },
      locale,
    );
  }

  async function start(
    tx: Tx,
    log: FastifyBaseLogger,
    userId: number,
    locale: Locale,
    body: Extract<GameEventBody, { type: 'start' }>,
    chapters: ChapterRow[],
    content: GameContent,
  ): Promise<SaveRow> {
    const save = await lockSave(tx, userId, body.game_id);
    const chapter = body.chapter_id
      ? chapters.find((c) => c.id === body.chapter_id)
      : (chapters.find((c) => c.id === save?.chapterId) ?? chapters[0]);
    if (!chapter || chapter.version === 0) throw new AppError(STATUS.CHAPTER_NOT_FOUND);
    if (!(await canPlayChapter(tx, userId, chapter))) throw new AppError(STATUS.CHAPTER_LOCKED);
    // Opening the game again resumes: nothing changes.
    if (save && save.chapterId === chapter.id && !body.restart) return save;

    const story = await storyVersion(tx, chapter.id, chapter.version);
    const at = { gameId: body.game_id, chapterId: chapter.id, storyVersion: chapter.version };
    const data = runStory(log, at, () =>
      startChapterSave(
        story.storyJson,
        baseState(save, chapter.id),
        context(content, locale, story),
      ),
    );
    const values = {
      chapterId: chapter.id,
      storyVersion: chapter.version,
      inkState: data.inkState,
      state: data.state,
      view: data.view,
      updatedAt: now(),
    };
    const completed = save?.completedChapters ?? [];
    const completedChapters =
      data.view.chapterEnded && !completed.includes(chapter.id)
        ? [...completed, chapter.id]
        : completed;
    // A chapter begun (again) has no choice points yet; the save is locked, so this cannot race.
    if (save) await clearSnapshots(tx, save.id);
    const written = save
      ? await updateSave(tx, save, { ...values, seq: save.seq + 1, completedChapters, chosen: [] })
      : await insertSave(tx, {
          ...values,
          userId,
          gameId: body.game_id,
          seq: 1,
          completedChapters,
        });
    if (!written) throw new AppError(STATUS.STALE_EVENT);
    return written;
  }

  /**
   * One step on an existing save. No lock and no transaction: the save is read, the step computed
   * in memory, and written in one compare-and-set on `seq`; when another device (or a replay) got
   * there first the write matches no row and the event is refused with nothing changed.
   */
  async function step(
    conn: Db | Tx,
    log: FastifyBaseLogger,
    userId: number,
    locale: Locale,
    body:
      | Exclude<GameEventBody, { type: 'start' }>
      | { type: 'continue'; game_id: number; seq?: number; goalReached: boolean },
    content: GameContent,
  ): Promise<SaveRow> {
    const save = await findSave(conn, userId, body.game_id);
    if (!save) throw new AppError(STATUS.SAVE_NOT_FOUND);
    if (body.seq !== undefined && body.seq !== save.seq) throw new AppError(STATUS.STALE_EVENT);
    const story = await storyVersion(conn, save.chapterId, save.storyVersion);
    const at = { gameId: body.game_id, chapterId: save.chapterId, storyVersion: save.storyVersion };
    // Only a rewind reads a choice point, and only the one it goes back to.
    const rewindTo =
      body.type === 'rewind' && body.to_step < save.chosen.length
        ? await findSnapshot(conn, save.id, body.to_step)
        : null;
    const next = runStory(log, at, () =>
      applyStep(saveData(save), body, story.storyJson, context(content, locale, story), rewindTo),
    );
    const completedChapters =
      next.view.chapterEnded && !save.completedChapters.includes(save.chapterId)
        ? [...save.completedChapters, save.chapterId]
        : save.completedChapters;
    // A choice adds its one choice point and a rewind drops those after it; no step rewrites
    // the others, so a step costs the same however long the chapter has run.
    const history: HistoryWrite = next.added
      ? { kind: 'add', step: save.chosen.length, snapshot: next.added }
      : body.type === 'rewind'
        ? { kind: 'cut', from: body.to_step }
        : null;
    const written = await updateSave(
      conn,
      save,
      {
        seq: save.seq + 1,
        inkState: next.inkState,
        state: next.state,
        view: next.view,
        completedChapters,
        updatedAt: now(),
      },
      history,
    );
    if (!written) throw new AppError(STATUS.STALE_EVENT);
    return written;
  }

  return {
    /** A game was published again: its next event reads the new chapters and content. */
    forgetGame: (gameId: number) => {
      loadedGames.delete(gameId);
    },

    /** How far the player has read the current step's lines; never moves the story. */
    lineSeen: (userId: number, body: CallBody<typeof lineSeenCall>) =>
      recordLineSeen(db, now(), userId, body),

    /**
     * For the conversation module: the AI conversation the story offered has ended, with its goal
     * reached or not; the story goes on from there. Refused (4009) when no conversation is waiting.
     */
    async finishConversation(
      userId: number,
      locale: Locale,
      gameId: number,
      goalReached: boolean,
    ): Promise<PlayState> {
      const { chapters, content } = await loadGame(gameId);
      const row = await step(
        db,
        moduleLog,
        userId,
        locale,
        { type: 'continue', game_id: gameId, goalReached },
        content,
      );
      return describe(db, userId, locale, gameId, chapters, content, row);
    },

    /**
     * One story event: it all happens or none of it. Starting a chapter creates or rewrites the
     * save in a transaction on the locked row; a step is one compare-and-set write.
     */
    async handleEvent(
      userId: number,
      locale: Locale,
      body: GameEventBody,
      log: FastifyBaseLogger = moduleLog,
    ): Promise<PlayState> {
      const { chapters, content } = await loadGame(body.game_id);
      const row =
        body.type === 'start'
          ? await db.transaction((tx) => start(tx, log, userId, locale, body, chapters, content))
          : await step(db, log, userId, locale, body, content);
      return describe(db, userId, locale, body.game_id, chapters, content, row);
    },
  };
}

export type PlayService = ReturnType<typeof createPlayService>;
