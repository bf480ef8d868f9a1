import type { Locale } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CharacterPersona } from '../llm/persona.js';
import type { NpcRow } from '../play/content-queries.js';
import { findPublishedGame, listChapters } from '../play/content-queries.js';
import { findSave, type SaveRow } from '../play/save-queries.js';
import { canPlayChapter } from '../play/unlocks.js';
import { findNpc } from './queries.js';

/** What the story says about one player's conversation with one character. */
export interface ConversationContext {
  gameId: number;
  npc: NpcRow;
  persona: CharacterPersona;
  save: SaveRow | null;
  /** The goal the story's `chat` tag set for this character, waiting now; else null. */
  goalKey: string | null;
  /** The story's current lines, as the model's STORY section. */
  storySoFar: string;
}

/**
 * Resolves a conversation before anything is charged: the game exists, the character is in it
 * and can talk (5007), and the chapter the player is in — the first one before they start —
 * is one they may play (4003). The active goal is the one the story is waiting on.
 */
export async function loadConversationContext(
  db: Db,
  userId: number,
  locale: Locale,
  gameId: number,
  npcId: number,
): Promise<ConversationContext> {
  const game = await findPublishedGame(db, gameId);
  if (!game) throw new AppError(STATUS.GAME_NOT_FOUND);
  const npc = await findNpc(db, gameId, npcId);
  if (!npc?.character) throw new AppError(STATUS.CHAT_CHARACTER_NOT_FOUND);
  const save = await findSave(db, userId, gameId);
  const chapters = await listChapters(db, gameId);
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
}
