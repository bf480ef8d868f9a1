import type { Locale } from '@taleforge/contracts/constants';
import type { Db } from '../../platform/db/client.js';
import type { MinigameState } from '../../platform/db/schema/save-state.js';
import { findGameCards, localize } from '../games/index.js';
import { listChapters, loadGameContent } from './content-queries.js';
import { findSave } from './save-queries.js';
import { canPlayChapter } from './unlocks.js';

/** One chapter as the play page's chapter list shows it to this player. */
export interface ChapterPart {
  number: number;
  title: string;
  /** 0 for a free chapter. */
  price_gems: number;
  unlocked: boolean;
  completed: boolean;
}

/** Where a player's own save of a story stands: what the play page shows them now. */
export interface StoryPlace {
  chapter: { number: number; title: string };
  chapterCount: number;
  /** The choices on screen, in the reader's language. */
  choices: string[];
  minigame: MinigameState['kind'] | null;
  /** Tasks the story has given and the player has not done yet (the journal's task list). */
  openTasks: string[];
  /** The character a conversation is open with. */
  conversationWith: string | null;
  chapterEnded: boolean;
  /** The chapter after an ended one; null while a chapter runs or at the story's end. */
  next: ChapterPart | null;
}

/**
 * Read-only views of a player's story for the assistant: they never start, step or write a save.
 * A work that is not published answers null, as its page would answer "not found".
 */
export function createStoryReads(db: Db) {
  async function published(gameId: number) {
    const [card] = await findGameCards(db, [gameId]);
    return card?.game.kind === 'story';
  }

  return {
    async chapterParts(
      userId: number,
      locale: Locale,
      gameId: number,
    ): Promise<ChapterPart[] | null> {
      if (!(await published(gameId))) return null;
      const [chapters, save] = await Promise.all([
        listChapters(db, gameId),
        findSave(db, userId, gameId),
      ]);
      const completed = save?.completedChapters ?? [];
      return Promise.all(
        chapters.map(async (c, i) => ({
          number: i + 1,
          title: localize(c.title, locale),
          price_gems: c.priceGems,
          unlocked: await canPlayChapter(db, userId, c),
          completed: completed.includes(c.id),
        })),
      );
    },

    async storyPlace(userId: number, locale: Locale, gameId: number): Promise<StoryPlace | null> {
      if (!(await published(gameId))) return null;
      const save = await findSave(db, userId, gameId);
      if (!save) return null;
      const chapters = await listChapters(db, gameId);
      const at = chapters.findIndex((c) => c.id === save.chapterId);
      if (at < 0) return null;
      const { view } = save;
      const following = view.chapterEnded ? chapters[at + 1] : undefined;
      const content = await loadGameContent(db, gameId);
      const talking = content.npcs.find((n) => n.key === view.conversation?.npc);
      const open = new Set(
        Object.entries(save.state.tasks)
          .filter(([, done]) => !done)
          .map(([key]) => key),
      );
      return {
        chapter: { number: at + 1, title: localize(chapters[at]!.title, locale) },
        chapterCount: chapters.length,
        choices: view.choices.map((c) => localize(c.text, locale)),
        openTasks: content.tasks
          .filter((t) => open.has(t.key))
          .map((t) => localize(t.title, locale)),
        minigame: view.minigame?.kind ?? null,
        conversationWith: talking ? localize(talking.name, locale) : null,
        chapterEnded: view.chapterEnded,
        next: following
          ? {
              number: at + 2,
              title: localize(following.title, locale),
              price_gems: following.priceGems,
              unlocked: await canPlayChapter(db, userId, following),
              completed: save.completedChapters.includes(following.id),
            }
          : null,
      };
    },
  };
}
