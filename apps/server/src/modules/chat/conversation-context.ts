import type { CharacterPersona } from '@taleforge/contracts/character-persona';
import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  type ChapterRow,
  canPlayChapter,
  findPublishedGame,
  listChapters,
  type NpcRow,
} from '../play/index.js';
import type { ChatReads, SaveView } from './chat-reads.js';
import { findNpc } from './queries.js';

/** What the story says about one player's conversation with one character. */
export interface ConversationContext {
  gameId: number;
  npc: NpcRow;
  persona: CharacterPersona;
  save: SaveView | null;
  /** The goal the story's `chat` tag set for this character, waiting now; else null. */
  goalKey: string | null;
  /** The story's current lines, as the model's STORY section. */
  storySoFar: string;
}

interface Cast {
  npc: NpcRow | null;
  chapters: ChapterRow[];
}

/** (game, character) pairs kept: every character of a large catalogue, a few KB each. */
const CAST_CACHE_MAX = 5_000;

/**
 * Resolves conversations before anything is charged: the game exists, the character is in it
 * and can talk (5007), and the chapter the player is in — the first one before they start — is
 * one they may play (4003). The active goal is the one the story is waiting on.
 *
 * Published content changes only when a game is published, so a character and its game's
 * chapters are kept for `ttlMs` (like the play service's content); the player's save and unlocks
 * are read on every call.
 */
export function createContextLoader(db: Db, reads: ChatReads, now: () => Date, ttlMs: number) {
  // As stale as the catalogue may be (CATALOGUE_CACHE_MS): a publish shows within that time.
  const cast = new LRUCache<string, Cast>({
    max: CAST_CACHE_MAX,
    ttl: ttlMs,
    perf: { now: () => now().getTime() },
    ttlResolution: 0,
  });

  async function castOf(gameId: number, npcId: number): Promise<Cast> {
    const key = `${gameId}:${npcId}`;
    const cached = cast.get(key);
    if (cached) return cached;
    const game = await findPublishedGame(db, gameId);
    if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
    const [npc, chapters] = await Promise.all([
      findNpc(db, gameId, npcId),
      listChapters(db, gameId),
    ]);
    const loaded = { npc, chapters };
    if (ttlMs > 0) cast.set(key, loaded);
    return loaded;
  }

  return async function loadConversationContext(
    userId: number,
    locale: Locale,
    gameId: number,
    npcId: number,
    /** The player's save in this game when the caller has read it already (null: none yet). */
    knownSave?: SaveView | null,
  ): Promise<ConversationContext> {
    const { npc, chapters } = await castOf(gameId, npcId);
    if (!npc?.character) throw new AppError(STATUS.CHAT_CHARACTER_NOT_FOUND);
    const save = knownSave === undefined ? await reads.saveView(userId, gameId) : knownSave;
    const chapter = chapters.find((c) => c.id === save?.chapterId) ?? chapters[0];
    if (!chapter || !(await canPlayChapter(db, userId, chapter))) {
      throw new AppError(STATUS.CHAPTER_LOCKED);
    }
    const waiting = save?.view.conversation;
    const goalKey = waiting && waiting.npc === npc.key ? waiting.goal : null;
    const storySoFar = (save?.view.lines ?? [])
      .map((line) => line.text[locale] ?? line.text.en_US)
      .join('\n');
    return { gameId, npc, persona: npc.character, save, goalKey, storySoFar };
  };
}

export type ContextLoader = ReturnType<typeof createContextLoader>;
